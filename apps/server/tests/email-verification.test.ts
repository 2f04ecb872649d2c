import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmEmailVerification,
  confirmPasswordReset,
  login,
  me as meCall,
  requestPasswordReset,
  sendEmailVerification,
} from '@parlo/contract/accounts';
import { emailVerificationTokens, users } from '../src/db/schema.ts';
import { createMailer } from '../src/lib/mailer.ts';
import { hashToken } from '../src/lib/tokens.ts';
import { RESEND_PER_15_MINUTES } from '../src/modules/auth/auth.routes.ts';
import { createTestApp, errorCode, registerLearner, type SignedIn, type TestApp } from './helper.ts';
import { injectCall } from './support/inject-call.ts';

/** A real SMTP peer: the app's nodemailer transport delivers to it over TCP, as in password-reset.test.ts. */
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
  const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
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

/** The mails delivered to `to`, oldest first, as text with quoted-printable and base64 parts decoded. */
function mailsTo(to: string): string[] {
  return received
    .filter((mail) => mail.to.includes(to))
    .map((mail) => {
      const decoded = mail.raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => `%${hex}`);
      let text: string;
      try {
        text = decodeURIComponent(decoded);
      } catch {
        text = decoded;
      }
      // nodemailer may send a part as base64 when it is mostly non-ASCII.
      const base64 = [...mail.raw.matchAll(/base64\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/g)].map((m) =>
        Buffer.from((m[1] ?? '').replace(/\s/g, ''), 'base64').toString('utf8'),
      );
      return [text, ...base64].join('\n');
    });
}
const lastMailTo = (to: string) => mailsTo(to).at(-1) ?? '';
const linkIn = (mail: string, page: 'verify-email' | 'reset-password') =>
  new RegExp(`https://parlo\\.test/${page}\\?token=([\\w-]+)`).exec(mail)?.[1] ?? null;

const confirm = (token: string) => injectCall(t.app, confirmEmailVerification, { body: { token } });
const sendAgain = (learner: SignedIn) =>
  injectCall(t.app, sendEmailVerification, { headers: learner.headers });
const requestReset = (email: string) => injectCall(t.app, requestPasswordReset, { body: { email } });
const me = async (learner: SignedIn) => (await injectCall(t.app, meCall, { headers: learner.headers })).data;

/** A name a stranger could choose to make Parlo carry a message to someone else's inbox. */
const chosenName = 'Claim your prize at evil example';

describe('e-mail verification (issue 30 item 14)', () => {
  it('mails a link on sign-up that quotes no name; the link confirms the address once', async () => {
    const learner = await registerLearner(t.app, { name: chosenName, uiLanguage: 'de' });
    expect((await me(learner)).emailVerified).toBe(false);
    const mail = lastMailTo(learner.email);
    expect(mail).toMatch(/^Content-Language: de$/m);
    expect(mail).toContain('E-Mail-Adresse bestätigen');
    expect(mail).not.toContain(chosenName);
    expect(mail).not.toContain('prize');
    const token = linkIn(mail, 'verify-email');
    expect(token).toMatch(/^[\w-]{40,}$/);

    // Only the hash is stored, like reset links and sessions.
    const rows = await t.database.db
      .select({ tokenHash: emailVerificationTokens.tokenHash })
      .from(emailVerificationTokens)
      .where(eq(emailVerificationTokens.userId, learner.userId));
    expect(rows.map((row) => row.tokenHash)).toEqual([hashToken(token!)]);

    const confirmed = await confirm(token!);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // The body as sent: `toEqual` on the parsed data would miss a key the schema drops.
    expect(confirmed.json()).toEqual({ resetToken: null });
    expect((await me(learner)).emailVerified).toBe(true);

    const again = await confirm(token!);
    expect(again.statusCode).toBe(400);
    expect(errorCode(again)).toBe('VERIFY_LINK_INVALID');
    expect(errorCode(await confirm('made-up-token'))).toBe('VERIFY_LINK_INVALID');
  });

  it('refuses a link older than 24 hours', async () => {
    const learner = await registerLearner(t.app);
    const token = linkIn(lastMailTo(learner.email), 'verify-email')!;
    t.clock.advance(24 * 60 * 60 * 1000 + 60_000);
    try {
      expect(errorCode(await confirm(token))).toBe('VERIFY_LINK_INVALID');
      expect((await me(learner)).emailVerified).toBe(false);
    } finally {
      t.clock.advance(-(24 * 60 * 60 * 1000 + 60_000));
    }
  });

  it('does not confirm an address the account no longer has', async () => {
    const learner = await registerLearner(t.app);
    const token = linkIn(lastMailTo(learner.email), 'verify-email')!;
    await t.database.db
      .update(users)
      .set({ email: `moved-${learner.email}` })
      .where(eq(users.id, learner.userId));
    expect(errorCode(await confirm(token))).toBe('VERIFY_LINK_INVALID');
    expect((await me(learner)).emailVerified).toBe(false);
  });

  it('sends again on request, a few times only, and not once the address is confirmed', async () => {
    const learner = await registerLearner(t.app, { uiLanguage: 'fr' });
    const before = mailsTo(learner.email).length;
    for (let sent = 0; sent < RESEND_PER_15_MINUTES; sent += 1) {
      const response = await sendAgain(learner);
      expect(response.statusCode, response.body).toBe(204);
    }
    expect(mailsTo(learner.email).length).toBe(before + RESEND_PER_15_MINUTES);
    const tooMany = await sendAgain(learner);
    expect(tooMany.statusCode).toBe(429);
    expect(errorCode(tooMany)).toBe('TOO_MANY_REQUESTS');
    expect(mailsTo(learner.email).length).toBe(before + RESEND_PER_15_MINUTES);

    // Each mail's link works (the newest one here); then there is nothing left to send.
    const mail = lastMailTo(learner.email);
    expect(mail).toContain('Confirmer mon adresse e-mail');
    expect((await confirm(linkIn(mail, 'verify-email')!)).statusCode).toBe(200);
    const done = await sendAgain(learner);
    expect(done.statusCode).toBe(409);
    expect(errorCode(done)).toBe('EMAIL_ALREADY_VERIFIED');
    expect((await injectCall(t.app, sendEmailVerification)).statusCode).toBe(401);
  });

  it('answers a reset request for an unconfirmed address with 204 and only a confirmation link, which then leads to a new password', async () => {
    const learner = await registerLearner(t.app, { name: chosenName });
    const before = mailsTo(learner.email).length;
    const asked = await requestReset(learner.email);
    expect(asked.statusCode).toBe(204);
    expect(mailsTo(learner.email).length).toBe(before + 1);
    const mail = lastMailTo(learner.email);
    expect(linkIn(mail, 'reset-password')).toBeNull();
    expect(mail).not.toContain(chosenName);
    expect(mail).toContain('First confirm that the address is yours');
    const token = linkIn(mail, 'verify-email')!;

    const confirmed = await confirm(token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { resetToken } = confirmed.data;
    expect(resetToken).toMatch(/^[\w-]{40,}$/);
    expect((await me(learner)).emailVerified).toBe(true);
    const reset = await injectCall(t.app, confirmPasswordReset, {
      body: { token: resetToken!, password: 'chosen after confirming' },
    });
    expect(reset.statusCode, reset.body).toBe(204);
    const signIn = await injectCall(t.app, login, {
      body: { email: learner.email, password: 'chosen after confirming' },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('gives a link sent instead of a reset mail one hour, like a reset link', async () => {
    const learner = await registerLearner(t.app);
    await requestReset(learner.email);
    const token = linkIn(lastMailTo(learner.email), 'verify-email')!;
    t.clock.advance(61 * 60 * 1000);
    try {
      expect(errorCode(await confirm(token))).toBe('VERIFY_LINK_INVALID');
    } finally {
      t.clock.advance(-61 * 60 * 1000);
    }
  });

  it('sends the reset mail itself, greeting by name, once the address is confirmed', async () => {
    const learner = await registerLearner(t.app, { name: 'Ada Lovelace' });
    await confirm(linkIn(lastMailTo(learner.email), 'verify-email')!);
    expect((await requestReset(learner.email)).statusCode).toBe(204);
    const mail = lastMailTo(learner.email);
    expect(linkIn(mail, 'reset-password')).toBeTruthy();
    expect(linkIn(mail, 'verify-email')).toBeNull();
    expect(mail).toContain('Hello Ada Lovelace,');
  });

  it('treats an account from before the migration (no date) as unconfirmed', async () => {
    const learner = await registerLearner(t.app);
    await confirm(linkIn(lastMailTo(learner.email), 'verify-email')!);
    await t.database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, learner.userId));
    expect((await me(learner)).emailVerified).toBe(false);
    expect((await requestReset(learner.email)).statusCode).toBe(204);
    expect(linkIn(lastMailTo(learner.email), 'reset-password')).toBeNull();
    expect(linkIn(lastMailTo(learner.email), 'verify-email')).toBeTruthy();
  });
});
