import { allCalls } from '@parlo/contract/all-calls';
import type { ApiCall } from '@parlo/contract/call';
import { errorResponseSchema } from '@parlo/contract/errors';
import { completeLesson, overview } from '@parlo/contract/learning';
import { leaderboard } from '@parlo/contract/leaderboard';
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { statistics } from '../src/db/schema.ts';
import { writeLeaderboardSnapshot, londonDay } from '../src/modules/leaderboard/leaderboard.repository.ts';
import { compileStringifier, responseSerialiserCompiler } from '../src/plugins/response-serialiser.ts';
import { seedTestCourse, type SeededCourse } from './factories/course.factory.ts';
import { exerciseSamples } from './factories/exercise-samples.ts';
import { learningDriver, rightAttempts, wrongAttempt } from './factories/learning-driver.ts';
import { createTestApp, registerLearner, type TestApp } from './helper.ts';
import { injectCall } from './support/inject-call.ts';

/*
 * ADR 021: production writes answers with stringifiers compiled from the contract's schemas instead of
 * parsing each answer with zod first. These tests hold the two to the same JSON for real answers.
 */

let t: TestApp;
let course: SeededCourse;
/** Real answers of the hot calls, as the API sent them, with the call that describes each. */
const answers: Array<{ name: string; call: ApiCall; body: unknown; sent?: string }> = [];

function keep(name: string, call: ApiCall, response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(call.status);
  answers.push({ name, call, body: response.json(), sent: response.body });
}

beforeAll(async () => {
  t = await createTestApp({ env: { SECRET_ACCESS_KEY: 'response-serialisation-secret' } });
  course = await seedTestCourse(t.database.db);
  const learner = await registerLearner(t.app, { name: 'Zoë "Ω" \u2028 <b>' });
  const rival = await registerLearner(t.app, { name: 'Ádám' });
  const play = learningDriver(t.app, course, learner, { secret: 'response-serialisation-secret' });
  const overviewOf = () => injectCall(t.app, overview, { headers: learner.headers });
  const leaderboardOf = (headers = learner.headers) => injectCall(t.app, leaderboard, { headers });

  keep('overview before a course', overview, await overviewOf());
  await play.selectCourse();
  await play.chooseLevel('beginning');
  keep('overview of a new course', overview, await overviewOf());
  const [, hello, morning] = course.topics[0]?.lessons ?? [];
  if (!hello || !morning) throw new Error('the test course has no three lessons');
  const mistaken = hello.exercises.find((exercise) => exerciseSamples[exercise.type].wrong);
  if (!mistaken) throw new Error('no exercise with a wrong answer');
  keep(
    'a completion with a mistake',
    completeLesson,
    await play.complete(hello.id, [wrongAttempt(mistaken), ...rightAttempts(hello.exercises)]),
  );
  keep(
    'a repeated completion',
    completeLesson,
    await play.complete(hello.id, rightAttempts(hello.exercises)),
  );
  keep(
    'a completion of the next lesson',
    completeLesson,
    await play.complete(morning.id, rightAttempts(morning.exercises)),
  );
  keep('overview after lessons', overview, await overviewOf());
  await t.database.db
    .update(statistics)
    .set({ points: 7, timestamp: 1 })
    .where(eq(statistics.userId, rival.userId));
  keep('live leaderboard', leaderboard, await leaderboardOf());
  keep('live leaderboard, unranked', leaderboard, await leaderboardOf(rival.headers));
  await writeLeaderboardSnapshot(t.database.db, londonDay(t.clock.now));
  keep('snapshot leaderboard', leaderboard, await leaderboardOf());
  const refused = await injectCall(t.app, leaderboard);
  expect(refused.statusCode).toBe(401);
  answers.push({
    name: 'a refusal',
    call: { ...leaderboard, response: errorResponseSchema },
    body: refused.json(),
  });
});

afterAll(async () => {
  await t?.close();
});

describe('compiled response serialisation (ADR 021)', () => {
  it('writes the same JSON as the contract for real answers of the dashboard, lessons and the leaderboard', () => {
    expect(answers.map((answer) => answer.name)).toHaveLength(10);
    for (const { name, call, body } of answers) {
      const stringify = compileStringifier(call.response);
      expect(stringify, `${name}: no compiled stringifier`).not.toBeNull();
      expect(stringify?.(body), name).toBe(JSON.stringify((call.response as z.ZodType).parse(body)));
    }
  });

  it("sends each answer's bytes as the contract writes them, the snapshot leaderboard's prebuilt ones too", () => {
    const sent = answers.filter((answer) => answer.sent !== undefined);
    expect(sent.map((answer) => answer.name)).toContain('snapshot leaderboard');
    for (const { name, call, body, sent: bytes } of sent) {
      expect(bytes, name).toBe(JSON.stringify((call.response as z.ZodType).parse(body)));
    }
  });

  it('leaves out fields the contract does not declare, as the contract does', () => {
    const stringify = compileStringifier(leaderboard.response);
    const body = answers.find((answer) => answer.name === 'snapshot leaderboard')?.body as {
      entries: Array<Record<string, unknown>>;
    };
    const withExtras = {
      ...body,
      secret: 'never sent',
      entries: body.entries.map((entry) => ({ ...entry, email: 'someone@example.com' })),
    };
    const json = stringify?.(withExtras) ?? '';
    expect(json).toBe(JSON.stringify(leaderboard.response.parse(withExtras)));
    expect(json).not.toContain('@');
    expect(json).not.toContain('never sent');
  });

  it('compiles a stringifier for every answer of the API that JSON Schema can describe', () => {
    const failing = allCalls.filter(
      (call) => call.status !== 204 && call.status !== 302 && compileStringifier(call.response) === null,
    );
    // Binary answers (audio, pictures) are described, not serialised; everything else compiles.
    expect(failing.map((call) => `${call.method} ${call.path}`)).toEqual([]);
  });

  it('outside production, an answer the compiled stringifier would write differently is refused', () => {
    const serialise = responseSerialiserCompiler('checked')({
      schema: leaderboard.response,
      method: 'GET',
      url: leaderboard.path,
      httpStatus: '200',
    } as never) as (data: unknown) => string;
    const body = answers.find((answer) => answer.name === 'live leaderboard')?.body;
    expect(serialise(body)).toBe(JSON.stringify(body));
    // A shape the contract refuses is refused as before (a 500 in the app).
    expect(() => serialise({ ...(body as object), day: 20261124 })).toThrow();
  });
});
