import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  confirmEmailVerification,
  confirmPasswordReset,
  login as loginCall,
  me,
  requestPasswordReset,
} from '@parlo/contract/accounts';
import { createMailer } from '../src/lib/mailer.ts';
import type * as passwordHashing from '../src/modules/auth/password-hashing.ts';
import { hashPassword } from '../src/modules/auth/password-hashing.ts';
import {
  changePassword,
  createTestApp,
  errorCode,
  registerLearner,
  verifyLinkToken,
  type SignedIn,
  type TestApp,
} from './helper.ts';
import { injectCall } from './support/inject-call.ts';

// Counts the (deliberately slow) password hashing, to show a bad link never reaches it.
vi.mock('../src/modules/auth/password-hashing.ts', async (importOriginal) => {
  const original = await importOriginal<typeof passwordHashing>();
  return { ...original, hashPassword: vi.fn(original.hashPassword) };
});

/** A real SMTP peer: the app's nodemailer transport delivers to it over TCP. */
const received: Array<{ to: string[]; raw: string }> = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received.push({
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
});

let t: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  const smtpUrl = `smtp://127.0.0.1:${port}`;
  t = await createTestApp({
    env: { SMTP_URL: smtpUrl, PUBLIC_URL: 'https://parlo.test' },
    mailer: createMailer({
      smtpUrl,
      from: 'Parlo <no-reply@parlo.test>',
      outboxDir: '/nonexistent',
      log: pino({ level: 'silent' }),
    }),
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

function linkTokenFromLastMail(to: string): string {
  const mail = [...received].reverse().find((m) => m.to.includes(to));
  if (!mail) throw new Error(`no mail received for ${to}`);
  // Quoted-printable may fold long lines with '=\n'.
  const body = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = body.match(/https:\/\/parlo\.test\/reset-password\?token=([\w-]+)/);
  if (!match?.[1]) throw new Error(`no reset link in mail:\n${body}`);
  return match[1];
}

/** The Subject header with its RFC 2047 encoded words (as nodemailer writes non-ASCII text) decoded. */
function decodedSubject(raw: string): string {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  return header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_hex, code: string) => String.fromCharCode(parseInt(code, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

/** The newest mail delivered to `to`, with quoted-printable soft breaks undone. */
function lastMailTo(to: string): string {
  const mail = [...received].reverse().find((m) => m.to.includes(to));
  if (!mail) throw new Error(`no mail received for ${to}`);
  return mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
}

/** A learner who opened the confirmation link of their sign-up mail (reset mails go only to them). */
async function confirmedLearner(overrides: Record<string, unknown> = {}): Promise<SignedIn> {
  const learner = await registerLearner(t.app, overrides);
  const token = verifyLinkToken(lastMailTo(learner.email));
  const confirmed = await injectCall(t.app, confirmEmailVerification, { body: { token: token! } });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return learner;
}

const requestReset = (email: string) => injectCall(t.app, requestPasswordReset, { body: { email } });
const confirmReset = (token: string, password: string) =>
  injectCall(t.app, confirmPasswordReset, { body: { token, password } });
const login = (email: string, password: string) =>
  injectCall(t.app, loginCall, { body: { email, password } });

describe('password reset by mailed link', () => {
  it('answers 204 and delivers a link over SMTP; the link sets a new password once and signs out everywhere', async () => {
    const learner = await confirmedLearner();
    const response = await requestReset(learner.email.toUpperCase());
    expect(response.statusCode).toBe(204);
    const token = linkTokenFromLastMail(learner.email);

    expect(errorCode(await confirmReset(token, '123'))).toBe('error-password-too-short');
    expect((await confirmReset(token, 'new secret')).statusCode).toBe(204);
    expect((await login(learner.email, learner.password)).statusCode).toBe(401);
    expect((await login(learner.email, 'new secret')).statusCode).toBe(200);
    // Sessions from before the reset no longer work.
    expect((await injectCall(t.app, me, { headers: learner.headers })).statusCode).toBe(401);

    const reuse = await confirmReset(token, 'another one');
    expect(reuse.statusCode).toBe(400);
    expect(errorCode(reuse)).toBe('RESET_LINK_INVALID');
    expect((await login(learner.email, 'new secret')).statusCode).toBe(200);
  });

  it("is written in the learner's interface language", async () => {
    const learner = await confirmedLearner({ uiLanguage: 'ru' });
    expect((await requestReset(learner.email)).statusCode).toBe(204);
    const mail = [...received].reverse().find((m) => m.to.includes(learner.email));
    expect(mail?.raw).toMatch(/^Content-Language: ru$/m);
    expect(decodedSubject(mail?.raw ?? '')).toBe('Сброс пароля Parlo');
    expect(linkTokenFromLastMail(learner.email)).toMatch(/^[\w-]{20,}$/);
  });

  it('refuses a link older than one hour', async () => {
    const learner = await confirmedLearner();
    expect((await requestReset(learner.email)).statusCode).toBe(204);
    const token = linkTokenFromLastMail(learner.email);
    t.clock.advance(61 * 60 * 1000);
    try {
      const response = await confirmReset(token, 'too late now');
      expect(response.statusCode).toBe(400);
      expect(errorCode(response)).toBe('RESET_LINK_INVALID');
      expect((await login(learner.email, learner.password)).statusCode).toBe(200);
    } finally {
      t.clock.advance(-61 * 60 * 1000);
    }
  });

  it('answers 404 "User not found" for an unknown address and sends nothing', async () => {
    const before = received.length;
    const response = await requestReset('nobody-here@example.com');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'USER_NOT_FOUND', message: 'User not found' } });
    expect(received.length).toBe(before);
  });

  it('refuses a made-up token before hashing the new password', async () => {
    const hashed = vi.mocked(hashPassword).mock.calls.length;
    expect(errorCode(await confirmReset('made-up-token', 'whatever1'))).toBe('RESET_LINK_INVALID');
    expect(vi.mocked(hashPassword).mock.calls.length).toBe(hashed);
  });

  it('voids every other outstanding link once one of them is used', async () => {
    const learner = await confirmedLearner();
    await requestReset(learner.email);
    const first = linkTokenFromLastMail(learner.email);
    await requestReset(learner.email);
    const second = linkTokenFromLastMail(learner.email);
    expect(first).not.toBe(second);
    expect((await confirmReset(second, 'second pass')).statusCode).toBe(204);
    const stale = await confirmReset(first, 'first pass');
    expect(stale.statusCode).toBe(400);
    expect(errorCode(stale)).toBe('RESET_LINK_INVALID');
    expect((await login(learner.email, 'second pass')).statusCode).toBe(200);
  });

  it('voids outstanding links when the password is changed while signed in', async () => {
    const learner = await confirmedLearner();
    await requestReset(learner.email);
    const token = linkTokenFromLastMail(learner.email);
    const changed = await changePassword(t.app, learner, 'changed pass');
    expect(changed.statusCode).toBe(204);
    expect(errorCode(await confirmReset(token, 'attacker pass'))).toBe('RESET_LINK_INVALID');
    expect((await login(learner.email, 'changed pass')).statusCode).toBe(200);
  });
});
