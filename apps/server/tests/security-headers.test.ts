import { ServerResponse, IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login as loginCall } from '@parlo/contract/accounts';
import { catalogueOutline, courses as coursesCall, languages } from '@parlo/contract/catalogue';
import { health } from '@parlo/contract/health';
import { overview as overviewCall } from '@parlo/contract/learning';
import { helmetHeaders, securityPolicy } from '../src/plugins/security-headers.ts';
import { createCourseAppWithLearner, createTestApp, testDatabaseKind, type TestApp } from './helper.ts';
import type { SignedIn } from './helper.ts';
import { injectCall } from './support/inject-call.ts';
import { startTcpProxy } from './support/tcp-proxy.ts';

// ADR 041: helmet's headers are worked out once and set on the reply in one go. Every kind of response must
// still carry exactly what helmet's middleware, run on the response itself, sets.

/** What helmet's own middleware sets on a real Node response, by lower-case name. */
function helmetOnARealResponse(stripe: boolean): Record<string, string> {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  response.setHeader('X-Powered-By', 'something');
  let finished = false;
  helmet(securityPolicy({ stripe }))(response.req, response, () => (finished = true));
  expect(finished).toBe(true);
  return Object.fromEntries(
    Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]),
  );
}

function expectExactlyHelmets(response: LightMyRequestResponse, what: string, stripe = false): void {
  const expected = helmetOnARealResponse(stripe);
  for (const [name, value] of Object.entries(expected))
    expect(response.headers[name], `${what}: ${name}`).toBe(value);
  expect(response.headers['x-powered-by'], what).toBeUndefined();
}

describe('helmetHeaders', () => {
  it.each([false, true])('records what helmet sets on a response (Stripe %s)', (stripe) => {
    const expected = helmetOnARealResponse(stripe);
    expect(helmetHeaders(securityPolicy({ stripe }))).toEqual(expected);
    expect(Object.keys(expected)).toHaveLength(12);
    expect(expected['content-security-policy']).toContain("default-src 'self'");
    expect(String(expected['content-security-policy']).includes('https://js.stripe.com')).toBe(stripe);
  });

  it('refuses a policy with a directive computed per request', () => {
    const perRequest = () => "'nonce-abc'";
    expect(() =>
      helmetHeaders({ contentSecurityPolicy: { directives: { scriptSrc: ["'self'", perRequest] } } }),
    ).toThrow(/per request/);
  });

  it('is frozen: requests share it', () => {
    expect(Object.isFrozen(helmetHeaders(securityPolicy({ stripe: false })))).toBe(true);
  });
});

describe('every kind of response carries exactly helmet’s headers', () => {
  let t: TestApp;
  let learner: SignedIn;
  beforeAll(async () => {
    ({ t, learner } = await createCourseAppWithLearner());
  });
  afterAll(async () => {
    await t.close();
  });
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('on public answers, plain and compressed, and on revalidation', async () => {
    expectExactlyHelmets(await injectCall(t.app, health), 'health');
    const courses = await injectCall(t.app, coursesCall);
    expectExactlyHelmets(courses, 'courses');
    const languageId = courses.data[0]?.id ?? 1;
    const outline = await injectCall(t.app, catalogueOutline, {
      params: { languageId },
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(outline.statusCode).toBe(200);
    expectExactlyHelmets(outline, 'outline, gzip');
    const notModified = await injectCall(t.app, catalogueOutline, {
      params: { languageId },
      headers: { 'if-none-match': String(outline.headers.etag) },
    });
    expect(notModified.statusCode).toBe(304);
    expectExactlyHelmets(notModified, 'outline, 304');
    const whole = await injectCall(t.app, languages, { headers: { 'accept-encoding': 'gzip' } });
    expect(whole.headers['content-encoding']).toBe('gzip');
    expectExactlyHelmets(whole, 'whole catalogue, gzip');
  });

  it('on signed-in answers, refusals, unknown routes and writes', async () => {
    const overview = await injectCall(t.app, overviewCall, { headers: learner.headers });
    expect(overview.statusCode).toBe(200);
    expect(overview.headers['cache-control']).toBe('no-store');
    expectExactlyHelmets(overview, 'overview');
    const unauthorized = await injectCall(t.app, overviewCall);
    // Literal URLs on purpose: a path parameter the contract refuses, and an unknown route.
    expect(unauthorized.statusCode).toBe(401);
    expectExactlyHelmets(unauthorized, '401');
    const badInput = await get('/api/languages/x/outline');
    expect(badInput.statusCode).toBe(400);
    expectExactlyHelmets(badInput, '400');
    const unknown = await get('/api/no-such-thing');
    expect(unknown.statusCode).toBe(404);
    expectExactlyHelmets(unknown, '404');
    const login = await injectCall(t.app, loginCall, {
      body: { email: learner.email, password: learner.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['set-cookie']).toBeDefined();
    expectExactlyHelmets(login, 'login');
    const crossSite = await injectCall(t.app, loginCall, {
      headers: { 'content-type': 'text/plain' },
      rawBody: 'x',
    });
    expect(crossSite.statusCode).toBe(415);
    expectExactlyHelmets(crossSite, '415');
  });
});

describe('the rate limit’s refusal carries them too', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: '2' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429 with exactly helmet’s headers', async () => {
    const answers = [];
    for (let sent = 0; sent < 3; sent += 1) answers.push(await injectCall(t.app, coursesCall));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 429]);
    expectExactlyHelmets(answers[2]!, '429');
  });
});

describe('with billing on, the policy lets Stripe in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends helmet’s headers of the Stripe policy', async () => {
    expectExactlyHelmets(await injectCall(t.app, health), 'health', true);
  });
});

describe.skipIf(testDatabaseKind !== 'postgres')('a database outage’s 503 carries them', () => {
  let t: TestApp;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  beforeAll(async () => {
    const target = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432');
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    t = await createTestApp({ connectVia: (url) => proxy.via(url) });
  });
  afterAll(async () => {
    await proxy.restore().catch(() => {});
    await t.close();
    await proxy.close();
  });

  it('answers 503 with exactly helmet’s headers, then 200 again', async () => {
    await proxy.cut();
    const down = await injectCall(t.app, health);
    expect(down.statusCode).toBe(503);
    expectExactlyHelmets(down, '503');
    await proxy.restore();
    let up = await injectCall(t.app, health);
    for (let tries = 0; up.statusCode !== 200 && tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      up = await injectCall(t.app, health);
    }
    expect(up.statusCode).toBe(200);
    expectExactlyHelmets(up, 'recovered');
  });
});
