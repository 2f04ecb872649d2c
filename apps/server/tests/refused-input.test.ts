import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTestCourse, type SeededCourse } from './factories/course.factory.ts';
import {
  createTestApp,
  errorCode,
  newLearner,
  registerLearner,
  type SignedIn,
  type TestApp,
} from './helper.ts';

/**
 * The inputs PostgreSQL cannot store (a NUL character, an id past int4) and the ones fastify refuses before
 * routing: each is a 400 (or 404/413/415) in the one error shape, and nothing is written.
 */
let t: TestApp;
let course: SeededCourse;
let learner: SignedIn;
let settingsId: number;

beforeAll(async () => {
  t = await createTestApp();
  course = await seedTestCourse(t.database.db);
  learner = await registerLearner(t.app);
  settingsId = (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: learner.headers })).json()
    .settings.id;
});
afterAll(async () => {
  await t.close();
});

async function counts() {
  const result = await t.database.db.execute(sql`
    select (select count(*)::int from users) as users, (select count(*)::int from feedback) as feedback,
      (select row_to_json(s) from settings s where s.user_id = ${learner.userId}) as settings,
      (select row_to_json(u) from users u where u.id = ${learner.userId}) as "user"`);
  return (result as unknown as { rows: unknown[] }).rows[0];
}

const post = (url: string, payload: unknown, headers: Record<string, string> = learner.headers) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as object });

describe('a NUL character anywhere', () => {
  const NUL = 'a\u0000b';
  it.each([
    ['sign-up name', () => post('/api/users/register', newLearner({ name: NUL }), {})],
    ['sign-up e-mail', () => post('/api/users/register', newLearner({ email: `a${NUL}@example.com` }), {})],
    ['sign-up password', () => post('/api/users/register', newLearner({ password: `secret${NUL}` }), {})],
    [
      'login e-mail',
      () => post('/api/users/login', { email: `a${NUL}@example.com`, password: 'secret1' }, {}),
    ],
    ['reset e-mail', () => post('/api/users/reset', { email: `a${NUL}@example.com` }, {})],
    ['reset token', () => post('/api/users/reset/confirm', { token: NUL, password: 'long enough' }, {})],
    ['profile name', () => post(`/api/users/${learner.userId}/update`, { name: NUL })],
    ['avatar url', () => post(`/api/users/${learner.userId}/update`, { avatar: NUL })],
    ['push token', () => post(`/api/settings/${settingsId}/replace`, { pushToken: NUL })],
    ['feedback', () => post('/api/feedback', { text: NUL })],
    [
      'idempotency key',
      () =>
        post(`/api/lessons/${course.topics[0]!.lessons[1]!.id}/complete`, {
          idempotencyKey: `key-${NUL}-12345`,
          attempts: [],
        }),
    ],
    [
      'secret in the query',
      () => post(`/api/lessons/${course.topics[0]!.lessons[1]!.id}/start?secret=%00`, {}),
    ],
    [
      'user id in the path',
      () => t.app.inject({ method: 'GET', url: '/api/users/%00', headers: learner.headers }),
    ],
  ])('%s answers 400 in the error shape and writes nothing', async (_name, send) => {
    const before = await counts();
    const response = await send();
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
    expect(await counts()).toEqual(before);
  });

  it('is named as such on sign-up, before the rules that follow it', async () => {
    const response = await post('/api/users/register', newLearner({ name: 'Ann\u0000' }), {});
    expect(errorCode(response)).toBe('NUL_NOT_ALLOWED');
  });
});

describe('ids past the int4 range (2147483647)', () => {
  const tooBig = '2147483648';
  it.each([
    ['GET', `/api/lessons/${tooBig}/exercises`],
    ['GET', `/api/exercises?lessonIds=1,${tooBig}`],
    ['GET', `/api/exercises?lessonIds=${tooBig}&lessonIds=1`],
    ['GET', `/api/exercises/${tooBig}`],
    ['GET', `/api/status?languageId=${tooBig}`],
    ['GET', `/api/blitz/${tooBig}/exercises`],
    ['POST', `/api/lessons/${tooBig}/start`],
    ['POST', `/api/settings/${tooBig}/replace`],
    ['POST', `/api/learningProgress/${tooBig}/replace`],
    ['PUT', `/api/statistics/${tooBig}`],
    ['GET', `/api/status?languageId=0`],
    ['GET', `/api/status?languageId=-1`],
    ['GET', `/api/lessons/99999999999999999999/exercises`],
  ] as const)('%s %s answers 400', async (method, url) => {
    const response = await t.app.inject({ method, url, headers: learner.headers, payload: {} });
    expect(response.statusCode, response.body).toBe(400);
    expect(errorCode(response)).toBe('VALIDATION_FAILED');
  });

  it.each([
    ['/api/learning/course', { packageId: 2_147_483_648, programId: 1 }],
    ['/api/learning/level', { programId: 2_147_483_648, level: 'basics' }],
    [
      '/api/lessons/1/complete',
      { idempotencyKey: 'a-long-enough-key', attempts: [{ exerciseId: 2_147_483_648, answer: {} }] },
    ],
    [
      `/api/lessons/1/complete`,
      { idempotencyKey: 'a-long-enough-key', attempts: [], omittedExerciseIds: [2_147_483_648] },
    ],
  ])('a body id past int4 on %s answers 400', async (url, payload) => {
    const response = await post(url, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(errorCode(response)).toBe('VALIDATION_FAILED');
  });
});

describe('sign-up with an interface language that does not exist', () => {
  it('answers 400 and creates no account; the e-mail stays free', async () => {
    const body = newLearner({ uiLanguage: 'xx' });
    const before = await counts();
    const response = await post('/api/users/register', body, {});
    expect(response.statusCode).toBe(400);
    expect(errorCode(response)).toBe('VALIDATION_FAILED');
    expect(await counts()).toEqual(before);
    const login = await post('/api/users/login', { email: body.email, password: body.password }, {});
    expect(login.statusCode).toBe(401);
    const retry = await post('/api/users/register', { ...body, uiLanguage: 'de' }, {});
    expect(retry.statusCode).toBe(200);
    expect(retry.json().user.settings.uiLanguage).toBe('de');
  });
});

describe('refusals before any route', () => {
  it('an unknown route answers 404 NOT_FOUND in the error shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
  });

  it('a URL that cannot be decoded answers 400 BAD_URL', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/lessons/%E0%A4%A/exercises' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'BAD_URL', message: expect.any(String) } });
  });

  it('a body over 1 MB answers 413 BODY_TOO_LARGE', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/feedback',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(1_100_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: { code: 'BODY_TOO_LARGE', message: expect.any(String) } });
  });

  it('malformed JSON answers 400 INVALID_JSON, an empty JSON body too', async () => {
    for (const payload of ['{"text": "unterminated', '']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/feedback',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { code: 'INVALID_JSON', message: expect.any(String) } });
    }
  });

  it('a body in a type the API does not read answers 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/feedback',
      headers: { 'content-type': 'application/xml' },
      payload: '<text>hello</text>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: expect.any(String) },
    });
  });

  it('a schema rule answers with its own code and English text (the web app translates the code)', async () => {
    const response = await post('/api/feedback', { text: 'a\u0000b' }, {});
    expect(response.json()).toEqual({
      error: { code: 'NUL_NOT_ALLOWED', message: 'Text may not contain a NUL character.' },
    });
  });
});
