import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  changePassword,
  getUser,
  login as loginCall,
  logout as logoutCall,
  me,
  register as registerCall,
  replaceSettings,
  updateUser,
} from '@parlo/contract/accounts';
import type { CallBody } from '@parlo/contract/call';
import { createTestApp, errorCode, newLearner, registerLearner, type TestApp } from './helper.ts';
import { injectCall } from './support/inject-call.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const register = (body: CallBody<typeof registerCall>) => injectCall(t.app, registerCall, { body });
/** A sign-up body the contract's type would not let through (missing or empty fields). */
const registerRaw = (rawBody: unknown) => injectCall(t.app, registerCall, { rawBody });
const login = (body: CallBody<typeof loginCall>) => injectCall(t.app, loginCall, { body });
const readMe = (headers: Record<string, string>) => injectCall(t.app, me, { headers });

describe('POST /api/users/register', () => {
  it('checks the SPEC §5 rules in order, each with its own key', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, 'error-name-not-set'],
      [{ name: '  ', age: 0, email: '', password: '' }, 'error-name-not-set'],
      [{ name: 'Ana', age: 0, email: '', password: '' }, 'error-age-not-set'],
      [{ name: 'Ana', age: 20, email: '', password: '' }, 'error-email-not-set'],
      [{ name: 'Ana', age: 20, email: 'ana@nowhere', password: '' }, 'error-email-not-valid'],
      [{ name: 'Ana', age: 20, email: 'ana@example.com', password: '' }, 'error-password-not-set'],
      [{ name: 'Ana', age: 20, email: 'ana@example.com', password: '12345' }, 'error-password-too-short'],
    ];
    for (const [payload, code] of cases) {
      const response = await registerRaw(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({ error: { code, message: expect.any(String) } });
    }
    expect((await registerRaw({ name: ' ' })).json().error.message).toBe('Name is empty');
  });

  it('refuses children under 13 with their own code and creates nothing', async () => {
    const child = newLearner({ age: 12 });
    const response = await register(child);
    expect(response.statusCode).toBe(400);
    expect(errorCode(response)).toBe('error-age-too-young');
    const signIn = await login({ email: child.email, password: child.password });
    expect(signIn.statusCode).toBe(401);
  });

  it('creates the account with statistics, settings and progress, signs in, and sets an httpOnly cookie', async () => {
    const body = newLearner({ name: '  Zoë  ', email: '  Zoe.Example@Example.COM ' });
    const response = await register(body);
    expect(response.statusCode).toBe(200);
    const { accessToken, user } = response.data;
    expect(accessToken).toMatch(/^[\w-]{43}$/); // 256 bits, base64url
    expect(user).toMatchObject({ name: 'Zoë', age: 30, email: 'zoe.example@example.com' });
    expect(user.statistics).toMatchObject({
      points: 0,
      weekActivity: [false, false, false, false, false, false, false],
    });
    expect(user.settings).toMatchObject({ uiLanguage: 'en', notificationDays: expect.any(Array) });
    expect(user.learningProgress.selected).toEqual([]);
    // The body as sent, not as parsed: the contract's schema would drop an unknown key.
    expect(response.json().user).not.toHaveProperty('passwordHash');
    const cookie = response.cookies.find((c) => c.name === 'accessToken');
    expect(cookie).toMatchObject({ value: accessToken, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.maxAge).toBe(90 * 24 * 3600);
  });

  it('answers EMAIL_ALREADY_EXISTS for a taken e-mail, whatever its case', async () => {
    const first = newLearner();
    expect((await register(first)).statusCode).toBe(200);
    const again = await register({ ...first, email: first.email.toUpperCase(), name: 'Other' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: { code: 'EMAIL_ALREADY_EXISTS', message: 'User with this email already exists' },
    });
  });

  it('lets only one of two simultaneous registrations with one e-mail succeed', async () => {
    const body = newLearner();
    const answers = await Promise.all([register(body), register(body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('POST /api/users/login and logout', () => {
  it('signs in with a new token each time, accepted as cookie, Bearer and X-Access-Token', async () => {
    const learner = await registerLearner(t.app);
    const signIn = () => login({ email: learner.email, password: learner.password });
    const first = (await signIn()).data;
    const second = (await signIn()).data;
    expect(first.accessToken).not.toBe(second.accessToken);
    expect(first.user.id).toBe(learner.userId);
    const ways: Array<Record<string, string>> = [
      { authorization: `Bearer ${first.accessToken}` },
      { 'x-access-token': second.accessToken },
      { cookie: `accessToken=${first.accessToken}` },
    ];
    for (const headers of ways) {
      const answer = await readMe(headers);
      expect(answer.statusCode).toBe(200);
      expect(answer.data.id).toBe(learner.userId);
    }
  });

  it('answers bad credentials with no token and the SPEC §8 message', async () => {
    const learner = await registerLearner(t.app);
    for (const body of [
      { email: learner.email, password: 'wrong password' },
      { email: 'nobody@example.com', password: learner.password },
    ]) {
      const response = await login(body);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: { code: 'INVALID_CREDENTIALS', message: 'No user found with this email and password.' },
      });
      expect(response.cookies).toHaveLength(0);
    }
  });

  it('revokes the token at once on logout, leaving other sessions alone', async () => {
    const learner = await registerLearner(t.app);
    const other = (await login({ email: learner.email, password: learner.password })).data.accessToken;
    const logout = await injectCall(t.app, logoutCall, { headers: learner.headers });
    expect(logout.statusCode).toBe(204);
    expect(logout.cookies.find((c) => c.name === 'accessToken')?.value).toBe('');
    const after = await readMe(learner.headers);
    expect(after.statusCode).toBe(401);
    expect(errorCode(after)).toBe('UNAUTHORIZED');
    const again = await injectCall(t.app, logoutCall, { headers: learner.headers });
    expect(again.statusCode).toBe(401);
    const stillIn = await readMe({ authorization: `Bearer ${other}` });
    expect(stillIn.statusCode).toBe(200);
  });

  it('expires a session after 90 days', async () => {
    const learner = await registerLearner(t.app);
    t.clock.advance(90 * 24 * 3600 * 1000 + 1000);
    try {
      const answer = await readMe(learner.headers);
      expect(answer.statusCode).toBe(401);
    } finally {
      t.clock.advance(-(90 * 24 * 3600 * 1000 + 1000));
    }
  });
});

describe('GET /api/users/:id and POST /api/users/:id/update', () => {
  it('shows a user their own data with statistics, settings and learning progress', async () => {
    const learner = await registerLearner(t.app);
    const response = await injectCall(t.app, getUser, {
      params: { id: learner.userId },
      headers: learner.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.data)).toEqual(
      expect.arrayContaining(['statistics', 'settings', 'learningProgress']),
    );
  });

  it('answers 403 on another user, 401 without a session', async () => {
    const ana = await registerLearner(t.app);
    const ben = await registerLearner(t.app);
    const params = { id: ben.userId };
    const read = await injectCall(t.app, getUser, { params, headers: ana.headers });
    expect(read.statusCode).toBe(403);
    expect(errorCode(read)).toBe('FORBIDDEN');
    const write = await injectCall(t.app, updateUser, {
      params,
      headers: ana.headers,
      body: { name: 'Hacked' },
    });
    expect(write.statusCode).toBe(403);
    const benNow = await injectCall(t.app, getUser, { params, headers: ben.headers });
    expect(benNow.data.name).not.toBe('Hacked');
    expect((await injectCall(t.app, getUser, { params })).statusCode).toBe(401);
  });

  it('updates name and age with the same rules as registration', async () => {
    const learner = await registerLearner(t.app);
    const update = (body: CallBody<typeof updateUser>) =>
      injectCall(t.app, updateUser, { params: { id: learner.userId }, headers: learner.headers, body });
    const ok = await update({ name: '  Maria ', age: 41 });
    expect(ok.statusCode).toBe(200);
    expect(ok.data).toMatchObject({ name: 'Maria', age: 41 });
    const empty = await update({ name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(errorCode(empty)).toBe('error-name-not-set');
    const young = await update({ age: 9 });
    expect(errorCode(young)).toBe('error-age-too-young');
  });
});

describe('POST /api/users/change-password', () => {
  it('applies the SPEC §5 profile rules and checks the current password', async () => {
    const learner = await registerLearner(t.app);
    const change = (body: CallBody<typeof changePassword>) =>
      injectCall(t.app, changePassword, { headers: learner.headers, body });
    expect(errorCode(await change({ newPassword: 'brand new' }))).toBe('old-password-empty');
    expect(errorCode(await change({ oldPassword: learner.password, newPassword: '12345' }))).toBe(
      'new-password-len',
    );
    expect(errorCode(await change({ oldPassword: 'not it', newPassword: 'brand new' }))).toBe(
      'old-password-wrong',
    );
    expect((await change({ oldPassword: learner.password, newPassword: 'brand new' })).statusCode).toBe(204);
    const signIn = (password: string) => login({ email: learner.email, password });
    expect((await signIn(learner.password)).statusCode).toBe(401);
    expect((await signIn('brand new')).statusCode).toBe(200);
    // The session that changed the password stays signed in.
    expect((await readMe(learner.headers)).statusCode).toBe(200);
  });

  it('takes passwords exactly as typed, as sign-up and sign-in do (never trimmed)', async () => {
    const learner = await registerLearner(t.app, { password: '  spaced out  ' });
    const signIn = (password: string) => login({ email: learner.email, password });
    expect((await signIn('spaced out')).statusCode).toBe(401);
    expect((await signIn('  spaced out  ')).statusCode).toBe(200);
    const change = (body: CallBody<typeof changePassword>) =>
      injectCall(t.app, changePassword, { headers: learner.headers, body });
    expect(errorCode(await change({ oldPassword: 'spaced out', newPassword: ' new one ' }))).toBe(
      'old-password-wrong',
    );
    expect((await change({ oldPassword: '  spaced out  ', newPassword: ' new one ' })).statusCode).toBe(204);
    expect((await signIn('new one')).statusCode).toBe(401);
    expect((await signIn(' new one ')).statusCode).toBe(200);
    expect((await change({ oldPassword: ' new one ', newPassword: 'x'.repeat(201) })).statusCode).toBe(400);
  });
});

describe('POST /api/settings/:id/replace', () => {
  it('saves the interface language for its owner only', async () => {
    const ana = await registerLearner(t.app);
    const ben = await registerLearner(t.app);
    const anaUser = (await injectCall(t.app, me, { headers: ana.headers })).data;
    const params = { id: anaUser.settings.id };
    const saved = await injectCall(t.app, replaceSettings, {
      params,
      headers: ana.headers,
      body: { uiLanguage: 'ar' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.data.uiLanguage).toBe('ar');
    const bad = await injectCall(t.app, replaceSettings, {
      params,
      headers: ana.headers,
      rawBody: { uiLanguage: 'xx' },
    });
    expect(bad.statusCode).toBe(400);
    const foreign = await injectCall(t.app, replaceSettings, {
      params,
      headers: ben.headers,
      body: { uiLanguage: 'de' },
    });
    expect(foreign.statusCode).toBe(403);
    const after = (await injectCall(t.app, me, { headers: ana.headers })).data;
    expect(after.settings.uiLanguage).toBe('ar');
  });
});

describe('the voice phrases are spoken in (issue 31)', () => {
  it("is the device's voice for a new learner, keeps the recordings once chosen, and refuses anything else", async () => {
    const ana = await registerLearner(t.app);
    const own = async () => (await injectCall(t.app, me, { headers: ana.headers })).data;
    const before = await own();
    expect(before.settings.voice).toBe('device');
    const params = { id: before.settings.id };
    const save = (voice: unknown) =>
      injectCall(t.app, replaceSettings, { params, headers: ana.headers, rawBody: { voice } });

    const saved = await save('recordings');
    expect(saved.statusCode).toBe(200);
    expect(saved.data.voice).toBe('recordings');
    expect((await own()).settings.voice).toBe('recordings');

    const refused = await save('espeak');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
    expect((await own()).settings.voice).toBe('recordings');

    expect((await save('device')).data.voice).toBe('device');
  });
});
