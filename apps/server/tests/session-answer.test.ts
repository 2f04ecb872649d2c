import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logout, me as meCall, session as sessionCall } from '@parlo/contract/accounts';
import { createTestApp, registerLearner, type TestApp } from './helper.ts';
import { injectCall } from './support/inject-call.ts';

/*
 * Issue 29: the web app asks who is signed in on every page. A guest is an answer (200, user null), not a
 * 401 that every guest's console shows as an error; the answer is never kept by a cache.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const session = (headers: Record<string, string> = {}) => injectCall(t.app, sessionCall, { headers });

describe('GET /api/users/session', () => {
  it('answers a guest 200 with no user', async () => {
    const guest = await session();
    expect(guest.statusCode).toBe(200);
    expect(guest.json()).toEqual({ user: null });
    expect(guest.headers['cache-control']).toBe('no-store');
  });

  it('answers the signed-in user as GET /api/users/me does, by cookie or bearer token', async () => {
    const learner = await registerLearner(t.app);
    const me = await injectCall(t.app, meCall, { headers: learner.headers });
    const byBearer = await session(learner.headers);
    expect(byBearer.statusCode).toBe(200);
    expect(byBearer.json()).toEqual({ user: me.json() });
    const byCookie = await session({ cookie: `accessToken=${learner.token}` });
    expect(byCookie.json()).toEqual({ user: me.json() });
  });

  it('answers no user for a forged or ended session', async () => {
    expect((await session({ authorization: 'Bearer forged-token-that-matches-nothing' })).json()).toEqual({
      user: null,
    });
    const learner = await registerLearner(t.app);
    const out = await injectCall(t.app, logout, { headers: learner.headers });
    expect(out.statusCode).toBeLessThan(300);
    const after = await session(learner.headers);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ user: null });
  });
});
