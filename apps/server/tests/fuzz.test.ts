import { me as meCall } from '@parlo/contract/accounts';
import { allCalls } from '@parlo/contract/all-calls';
import type { ApiCall } from '@parlo/contract/call';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSession } from '../src/modules/auth/session.service.ts';
import { seedTestCourse, type SeededCourse } from './factories/course.factory.ts';
import { learningDriver, rightAttempts } from './factories/learning-driver.ts';
import { arbitraryFor, hostile, type ArbitraryOptions } from './fuzz/contract-arbitraries.ts';
import { createTestApp, registerLearner, testDatabaseKind, type SignedIn, type TestApp } from './helper.ts';
import { injectCall } from './support/inject-call.ts';

/**
 * Every call of the contract, fed inputs derived from its own schemas plus hostile ones. Whatever arrives,
 * the server answers below 500, and a refused request (4xx) leaves the learner exactly as they were.
 */
// The inputs are refused or taken by the same validation on either database, so PostgreSQL gets a smaller
// sample of its own (another seed) for what only a database can answer differently: the two runs of a
// suite explore 14,000 different requests rather than 10,000 twice.
const TOTAL_REQUESTS = Number(
  process.env.FUZZ_REQUESTS ?? (testDatabaseKind === 'postgres' ? 4_000 : 10_000),
);
// CI (.ci/run) fixes the seed so a failure replays; a local run draws a new one and explores further.
const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
const SEED = FUZZ_SEED + (testDatabaseKind === 'postgres' ? 500_000 : 0);
/** Signing in costs an argon2 hash; these calls get fewer runs so the suite stays inside its budget. */
const costly = new Set(['/api/users/login', '/api/users/register', '/api/users/reset/confirm']);

let t: TestApp;
let course: SeededCourse;
let learner: SignedIn;
let arbitraryOptions: ArbitraryOptions;
const statuses = new Map<number, number>();
const routesHit = new Set<string>();
let requests = 0;
let addressCounter = 0;

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT: '1000000' } });
  course = await seedTestCourse(t.database.db);
  learner = await registerLearner(t.app);
  const drive = learningDriver(t.app, course, learner);
  expect((await drive.selectCourse()).statusCode).toBe(200);
  expect((await drive.chooseLevel('beginning')).statusCode).toBe(200);
  const firstLesson = course.topics[0]!.lessons.find((lesson) => lesson.type === 0)!;
  expect((await drive.complete(firstLesson.id, rightAttempts(firstLesson.exercises))).statusCode).toBe(200);
  const me = (await injectCall(t.app, meCall, { headers: learner.headers })).json();
  const courseIds = [
    course.languageId,
    course.packageId,
    course.programId,
    ...course.topics.flatMap((topic) => [
      topic.id,
      ...topic.lessons.flatMap((lesson) => [lesson.id, ...lesson.exercises.map((exercise) => exercise.id)]),
    ]),
  ];
  arbitraryOptions = {
    knownIds: [
      ...new Set([me.settings.id, me.statistics.id, me.learningProgress.id, ...courseIds, 2_147_483_647]),
    ],
    knownUuids: [learner.userId],
  };
}, 120_000);

afterAll(async () => {
  const byStatus = [...statuses.entries()].sort(([a], [b]) => a - b);
  const counts = byStatus.map(([status, count]) => `${status}×${count}`).join(', ');
  // The counts are the suite's report in CI logs (FUZZ_SEED replays a run).
  process.stdout.write(
    `fuzz (${testDatabaseKind}, FUZZ_SEED=${FUZZ_SEED}): ${requests} requests over ${routesHit.size} routes; statuses ${counts}\n`,
  );
  await t?.close();
});

/** The learner as the database holds them, plus the counts a refused request must not change. */
async function learnerState() {
  const result = await t.database.db.execute(sql`
    select
      (select row_to_json(u) from users u where u.id = ${learner.userId}) as "user",
      (select row_to_json(s) from statistics s where s.user_id = ${learner.userId}) as "statistics",
      (select row_to_json(s) from settings s where s.user_id = ${learner.userId}) as "settings",
      (select row_to_json(p) from learning_progress p where p.user_id = ${learner.userId}) as "progress",
      (select count(*)::int from lesson_completions c where c.user_id = ${learner.userId}) as "completions",
      (select count(*)::int from avatars a where a.user_id = ${learner.userId}) as "avatars",
      (select count(*)::int from users) as "users",
      (select count(*)::int from feedback) as "feedback"`);
  return (result as unknown as { rows: unknown[] }).rows[0];
}

const HUGE_BODY = JSON.stringify({ text: 'x'.repeat(1_100_000) });

type Framing = 'json' | 'malformed' | 'xml' | 'plain' | 'empty' | 'huge';
type Auth = 'learner' | 'none' | 'forged' | 'nul-cookie';

interface FuzzInput {
  params: unknown;
  query: unknown;
  body: unknown;
  framing: Framing;
  auth: Auth;
}

function inputFor(call: ApiCall): fc.Arbitrary<FuzzInput> {
  const part = (schema: ApiCall['params'] | ApiCall['body']) =>
    schema
      ? fc.oneof(
          { weight: 19, arbitrary: arbitraryFor(schema, arbitraryOptions) },
          { weight: 1, arbitrary: hostile },
        )
      : fc.constant(undefined);
  return fc.record({
    params: part(call.params),
    query: part(call.query),
    body: call.consumes ? fc.uint8Array({ maxLength: 300 }) : part(call.body),
    framing: fc.constantFrom<Framing>(
      ...(Array(14).fill('json') as Framing[]),
      'malformed',
      'xml',
      'plain',
      'empty',
      'huge',
    ),
    auth: fc.constantFrom<Auth>(
      'learner',
      'learner',
      'learner',
      'learner',
      'learner',
      'learner',
      'none',
      'forged',
      'nul-cookie',
    ),
  });
}

function pathOf(call: ApiCall, params: unknown): string {
  const values = params && typeof params === 'object' ? (params as Record<string, unknown>) : {};
  return call.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = values[name];
    return encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value ?? null));
  });
}

function queryOf(query: unknown): string {
  if (!query || typeof query !== 'object')
    return query === undefined ? '' : `?${encodeURIComponent(String(query))}`;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      search.append(name, typeof item === 'string' ? item : JSON.stringify(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function requestFor(call: ApiCall, input: FuzzInput): InjectOptions {
  addressCounter += 1;
  const headers: Record<string, string> = {};
  if (input.auth === 'learner') headers.authorization = learner.headers.authorization;
  if (input.auth === 'forged') headers.authorization = 'Bearer forged-token-that-matches-nothing';
  if (input.auth === 'nul-cookie') headers.cookie = 'accessToken=%00abc';
  const request: InjectOptions = {
    method: call.method,
    url: pathOf(call, input.params) + queryOf(input.query),
    headers,
    // Every request from its own address, so rate limits do not turn the fuzz into a stream of 429s.
    remoteAddress: `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`,
  };
  if (call.method === 'GET') return request;
  if (call.consumes) {
    const boundary = 'fuzzboundary';
    headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
    request.payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a.png"\r\n\r\n`),
      Buffer.from(input.body as Uint8Array),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return request;
  }
  switch (input.framing) {
    case 'json':
      if (input.body !== undefined) {
        headers['content-type'] = 'application/json';
        request.payload = JSON.stringify(input.body);
      }
      break;
    case 'malformed':
      headers['content-type'] = 'application/json';
      request.payload = '{"text": "unterminated';
      break;
    case 'xml':
      headers['content-type'] = 'application/xml';
      request.payload = '<text>hello</text>';
      break;
    case 'plain':
      headers['content-type'] = 'text/plain';
      request.payload = JSON.stringify(input.body ?? 'hello');
      break;
    case 'empty':
      headers['content-type'] = 'application/json';
      request.payload = '';
      break;
    case 'huge':
      headers['content-type'] = 'application/json';
      request.payload = HUGE_BODY;
      break;
  }
  return request;
}

describe(`fuzzing every contract call (${testDatabaseKind})`, () => {
  it('has a contract for every route the server publishes, and a route for every contract', () => {
    const published = Object.entries(
      (t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths,
    ).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    const contracted = allCalls.map((call) => `${call.method} ${call.path.replace(/:([A-Za-z]+)/g, '{$1}')}`);
    expect(new Set(published)).toEqual(new Set(contracted));
  });

  it(`answers ${TOTAL_REQUESTS}+ derived and hostile requests without a 5xx, and refusals change nothing`, async () => {
    const weights = allCalls.map((call) => (costly.has(call.path) ? 1 : 4));
    const perWeight = Math.ceil(TOTAL_REQUESTS / weights.reduce((sum, weight) => sum + weight, 0));
    let before = await learnerState();
    for (const [index, call] of allCalls.entries()) {
      await fc.assert(
        fc.asyncProperty(inputFor(call), async (input) => {
          const request = requestFor(call, input);
          const response = await t.app.inject(request);
          requests += 1;
          routesHit.add(`${call.method} ${call.path}`);
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          expect(
            response.statusCode,
            `${request.method} ${request.url} → ${response.body.slice(0, 300)}`,
          ).toBeLessThan(500);
          if (response.statusCode >= 400) {
            // A refusal is always in the one error shape.
            expect(response.json()).toMatchObject({
              error: { code: expect.any(String), message: expect.any(String) },
            });
            expect(await learnerState(), `${request.method} ${request.url} changed the learner`).toEqual(
              before,
            );
          } else {
            if (
              call === allCalls.find((candidate) => candidate.path === '/api/users/logout') &&
              input.auth === 'learner'
            ) {
              // The learner signed out: carry on with a fresh session (no password hash needed).
              const session = await startSession(t.database.db, learner.userId, 'fuzz', new Date());
              learner = {
                ...learner,
                token: session.token,
                headers: { authorization: `Bearer ${session.token}` },
              };
            }
            before = await learnerState();
          }
        }),
        { numRuns: perWeight * weights[index]!, seed: SEED + index, endOnFailure: true },
      );
    }
    expect(requests).toBeGreaterThanOrEqual(TOTAL_REQUESTS);
    expect(routesHit.size).toBe(allCalls.length);
  }, 600_000);
});
