import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmPasswordReset,
  login,
  me,
  register,
  replaceSettings,
  requestPasswordReset,
  updateUser,
  getUser,
} from '@parlo/contract/accounts';
import { callUrl } from '@parlo/contract/call';
import { sendFeedback } from '@parlo/contract/feedback';
import { chooseLevel, completeLesson, selectCourse, startLesson } from '@parlo/contract/learning';
import { seedTestCourse, type SeededCourse } from './factories/course.factory.ts';
import {
  createTestApp,
  errorCode,
  newLearner,
  registerLearner,
  type SignedIn,
  type TestApp,
} from './helper.ts';
import { injectCall } from './support/inject-call.ts';

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
  settingsId = (await injectCall(t.app, me, { headers: learner.headers })).data.settings.id;
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

const lessonId = () => course.topics[0]!.lessons[1]!.id;

describe('a NUL character anywhere', () => {
  const NUL = 'a\u0000b';
  it.each([
    ['sign-up name', () => injectCall(t.app, register, { rawBody: newLearner({ name: NUL }) })],
    [
      'sign-up e-mail',
      () => injectCall(t.app, register, { rawBody: newLearner({ email: `a${NUL}@example.com` }) }),
    ],
    [
      'sign-up password',
      () => injectCall(t.app, register, { rawBody: newLearner({ password: `secret${NUL}` }) }),
    ],
    [
      'login e-mail',
      () => injectCall(t.app, login, { rawBody: { email: `a${NUL}@example.com`, password: 'secret1' } }),
    ],
    [
      'reset e-mail',
      () => injectCall(t.app, requestPasswordReset, { rawBody: { email: `a${NUL}@example.com` } }),
    ],
    [
      'reset token',
      () => injectCall(t.app, confirmPasswordReset, { rawBody: { token: NUL, password: 'long enough' } }),
    ],
    [
      'profile name',
      () =>
        injectCall(t.app, updateUser, {
          params: { id: learner.userId },
          rawBody: { name: NUL },
          headers: learner.headers,
        }),
    ],
    [
      'avatar url',
      () =>
        injectCall(t.app, updateUser, {
          params: { id: learner.userId },
          rawBody: { avatar: NUL },
          headers: learner.headers,
        }),
    ],
    [
      'push token',
      () =>
        injectCall(t.app, replaceSettings, {
          params: { id: settingsId },
          rawBody: { pushToken: NUL },
          headers: learner.headers,
        }),
    ],
    ['feedback', () => injectCall(t.app, sendFeedback, { rawBody: { text: NUL }, headers: learner.headers })],
    [
      'idempotency key',
      () =>
        injectCall(t.app, completeLesson, {
          params: { lessonId: lessonId() },
          rawBody: { idempotencyKey: `key-${NUL}-12345`, attempts: [] },
          headers: learner.headers,
        }),
    ],
    [
      'secret in the query',
      () =>
        injectCall(t.app, startLesson, {
          params: { lessonId: lessonId() },
          // The call takes no body: the empty JSON object the literal request sent is left out.
          query: { secret: '\u0000' },
          headers: learner.headers,
        }),
    ],
    [
      'user id in the path',
      () => injectCall(t.app, getUser, { params: { id: '\u0000' }, headers: learner.headers }),
    ],
  ])('%s answers 400 in the error shape and writes nothing', async (_name, send) => {
    const before = await counts();
    const response = await send();
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
    expect(await counts()).toEqual(before);
  });

  it('is named as such on sign-up, before the rules that follow it', async () => {
    const response = await injectCall(t.app, register, { rawBody: newLearner({ name: 'Ann\u0000' }) });
    expect(errorCode(response)).toBe('NUL_NOT_ALLOWED');
  });
});

describe('ids past the int4 range (2147483647)', () => {
  const tooBig = '2147483648';
  // Literal URLs on purpose: paths and query strings the contract's typed input refuses (ids past int4, a
  // repeated query parameter, a 20-digit id) are the raw requests under test.
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

  const headers = () => learner.headers;
  it.each([
    [
      callUrl(selectCourse),
      (rawBody: object) => injectCall(t.app, selectCourse, { rawBody, headers: headers() }),
      { packageId: 2_147_483_648, programId: 1 },
    ],
    [
      callUrl(chooseLevel),
      (rawBody: object) => injectCall(t.app, chooseLevel, { rawBody, headers: headers() }),
      { programId: 2_147_483_648, level: 'basics' },
    ],
    [
      callUrl(completeLesson, { lessonId: 1 }),
      (rawBody: object) =>
        injectCall(t.app, completeLesson, { params: { lessonId: 1 }, rawBody, headers: headers() }),
      { idempotencyKey: 'a-long-enough-key', attempts: [{ exerciseId: 2_147_483_648, answer: {} }] },
    ],
    [
      callUrl(completeLesson, { lessonId: 1 }),
      (rawBody: object) =>
        injectCall(t.app, completeLesson, { params: { lessonId: 1 }, rawBody, headers: headers() }),
      { idempotencyKey: 'a-long-enough-key', attempts: [], omittedExerciseIds: [2_147_483_648] },
    ],
  ])('a body id past int4 on %s answers 400', async (_url, send, payload) => {
    const response = await send(payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(errorCode(response)).toBe('VALIDATION_FAILED');
  });
});

describe('sign-up with an interface language that does not exist', () => {
  it('answers 400 and creates no account; the e-mail stays free', async () => {
    const body = newLearner({ uiLanguage: 'xx' });
    const before = await counts();
    const response = await injectCall(t.app, register, { rawBody: body });
    expect(response.statusCode).toBe(400);
    expect(errorCode(response)).toBe('VALIDATION_FAILED');
    expect(await counts()).toEqual(before);
    const loggedIn = await injectCall(t.app, login, { body: { email: body.email, password: body.password } });
    expect(loggedIn.statusCode).toBe(401);
    const retry = await injectCall(t.app, register, { body: { ...body, uiLanguage: 'de' } });
    expect(retry.statusCode).toBe(200);
    expect(retry.data.user.settings.uiLanguage).toBe('de');
  });
});

describe('refusals before any route', () => {
  // Literal URLs on purpose in the next two: an unknown route and a path that cannot be decoded.
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
    const response = await injectCall(t.app, sendFeedback, {
      headers: { 'content-type': 'application/json' },
      rawBody: JSON.stringify({ text: 'x'.repeat(1_100_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: { code: 'BODY_TOO_LARGE', message: expect.any(String) } });
  });

  it('malformed JSON answers 400 INVALID_JSON, an empty JSON body too', async () => {
    for (const payload of ['{"text": "unterminated', '']) {
      const response = await injectCall(t.app, sendFeedback, {
        headers: { 'content-type': 'application/json' },
        rawBody: payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { code: 'INVALID_JSON', message: expect.any(String) } });
    }
  });

  it('a body in a type the API does not read answers 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const response = await injectCall(t.app, sendFeedback, {
      headers: { 'content-type': 'application/xml' },
      rawBody: '<text>hello</text>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: expect.any(String) },
    });
  });

  it('a schema rule answers with its own code and English text (the web app translates the code)', async () => {
    const response = await injectCall(t.app, sendFeedback, { rawBody: { text: 'a\u0000b' } });
    expect(response.json()).toEqual({
      error: { code: 'NUL_NOT_ALLOWED', message: 'Text may not contain a NUL character.' },
    });
  });
});
