import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logout, me as meCall } from '@parlo/contract/accounts';
import { overview, selectCourse } from '@parlo/contract/learning';
import { createTestApp, errorCode, registerLearner, type SignedIn, type TestApp } from './helper.ts';
import { injectCall } from './support/inject-call.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://parlo.example.com' } });
});
afterAll(async () => {
  await t.close();
});

/** What a browser sends: the session cookie, never the token in a header. */
const cookieOf = (learner: SignedIn) => ({ cookie: `accessToken=${learner.token}` });
const me = (learner: SignedIn) => injectCall(t.app, meCall, { headers: learner.headers });

describe('cross-site requests carrying the session cookie', () => {
  it('refuses a text/plain form post to reset progress or sign out, and changes nothing', async () => {
    const learner = await registerLearner(t.app);
    // Literal URLs on purpose: neither call takes a body, and a form post's body and type are the point.
    for (const url of ['/api/learning/reset', '/api/users/logout']) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...cookieOf(learner), 'content-type': 'text/plain' },
        payload: 'x=y',
      });
      expect(response.statusCode, url).toBe(415);
      expect(errorCode(response)).toBe('UNSUPPORTED_MEDIA_TYPE');
      // An empty form post too.
      const empty = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...cookieOf(learner), 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(empty.statusCode, url).toBe(415);
    }
    expect((await me(learner)).statusCode).toBe(200);
    const events = await injectCall(t.app, overview, { headers: learner.headers });
    expect(events.statusCode).toBe(200);
  });

  it.each([
    ['another origin', { origin: 'https://evil.example' }],
    ['an opaque origin', { origin: 'null' }],
    ['a sibling site by Sec-Fetch-Site', { 'sec-fetch-site': 'same-site' }],
    ['a cross-site fetch', { 'sec-fetch-site': 'cross-site', origin: 'https://parlo.example.com' }],
  ])('answers 403 CROSS_SITE_REQUEST to a request from %s', async (_name, headers) => {
    const learner = await registerLearner(t.app);
    const response = await injectCall(t.app, logout, { headers: { ...cookieOf(learner), ...headers } });
    expect(response.statusCode).toBe(403);
    expect(errorCode(response)).toBe('CROSS_SITE_REQUEST');
    expect((await me(learner)).statusCode).toBe(200);
    const json = await injectCall(t.app, selectCourse, {
      headers: { ...cookieOf(learner), ...headers },
      body: { packageId: 1, programId: 1 },
    });
    expect(json.statusCode).toBe(403);
  });

  it.each([
    ['its public address', { origin: 'https://parlo.example.com' }],
    ['the address it was reached at', { origin: 'http://10.0.0.5:8080', host: '10.0.0.5:8080' }],
    ['Sec-Fetch-Site same-origin', { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:5173' }],
  ])('accepts Parlo’s own pages (%s)', async (_name, headers) => {
    const learner = await registerLearner(t.app);
    const response = await injectCall(t.app, logout, { headers: { ...cookieOf(learner), ...headers } });
    expect(response.statusCode).toBe(204);
    expect((await me(learner)).statusCode).toBe(401);
  });

  it('leaves apps that send a Bearer token and no cookie alone', async () => {
    const learner = await registerLearner(t.app);
    const response = await injectCall(t.app, logout, {
      headers: { ...learner.headers, origin: 'capacitor://localhost' },
    });
    expect(response.statusCode).toBe(204);
  });

  it('still refuses a non-JSON body from a token client', async () => {
    const learner = await registerLearner(t.app);
    // A literal URL on purpose: the call takes no body, and this one's type is the point.
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/learning/reset',
      headers: { ...learner.headers, 'content-type': 'text/plain' },
      payload: 'reset',
    });
    expect(response.statusCode).toBe(415);
  });

  it('does not check reads', async () => {
    const learner = await registerLearner(t.app);
    const response = await injectCall(t.app, meCall, {
      headers: { ...cookieOf(learner), origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(200);
  });
});

// Literal URLs on purpose: the percent-encoded paths are the requests under test.
describe('a percent-encoded path (issue 30)', () => {
  it.each([
    ['/%61pi/users/logout', 'the prefix'],
    ['/api/users/%6cogout', 'the last segment'],
    ['/api/users/log%6Fut', 'upper-case hex digits'],
  ])('%s (%s) meets the same checks as the plain path', async (url) => {
    const learner = await registerLearner(t.app);
    const forged = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...cookieOf(learner), origin: 'https://evil.example' },
    });
    expect(forged.statusCode, forged.body).toBe(403);
    expect(errorCode(forged)).toBe('CROSS_SITE_REQUEST');
    const formPost = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...cookieOf(learner), 'content-type': 'text/plain' },
      payload: 'x=y',
    });
    expect(formPost.statusCode).toBe(415);
    expect((await me(learner)).statusCode).toBe(200);
    // The same path from Parlo's own page does sign out: the encoded path is the same route.
    const own = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...cookieOf(learner), 'sec-fetch-site': 'same-origin' },
    });
    expect(own.statusCode).toBe(204);
    expect((await me(learner)).statusCode).toBe(401);
  });

  it('refuses a cross-site sign-in through /%61pi/users/login (login forgery)', async () => {
    const learner = await registerLearner(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/%61pi/users/login',
      headers: { origin: 'https://evil.example', 'content-type': 'text/plain' },
      payload: JSON.stringify({ email: learner.email, password: learner.password }),
    });
    expect(response.statusCode).toBe(415);
    expect(response.headers['set-cookie']).toBeUndefined();
    const json = await t.app.inject({
      method: 'POST',
      url: '/%61pi/users/login',
      headers: { origin: 'https://evil.example' },
      payload: { email: learner.email, password: learner.password },
    });
    expect(json.statusCode).toBe(403);
    expect(json.headers['set-cookie']).toBeUndefined();
  });
});
