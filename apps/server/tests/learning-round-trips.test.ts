import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTestCourse, type SeededCourse } from './factories/course.factory.ts';
import { learningDriver, rightAttempts } from './factories/learning-driver.ts';
import { createTestApp, registerLearner, type TestApp } from './helper.ts';

// Issue 15: a completion made about 19 round trips to the database. These counts fail on a regression to
// many statements (a reintroduced per-table read, a second lookup of the key, one write per table).

let t: TestApp;
let course: SeededCourse;

beforeAll(async () => {
  t = await createTestApp({ env: { SECRET_ACCESS_KEY: 'round-trip-secret' } });
  course = await seedTestCourse(t.database.db);
});
afterAll(async () => {
  await t.close();
});

const isTransactionControl = (text: string) => /^\s*(begin|commit|rollback)\b/i.test(text);

/** Counts the statements sent to the database during `work` (transaction control left out). */
async function countStatements(work: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const record = (query: unknown) => {
    const text = typeof query === 'string' ? query : ((query as { text?: string })?.text ?? '');
    if (!isTransactionControl(text)) sent.push(text);
  };
  // node-postgres: every statement, pooled or in a transaction, goes through Client#query.
  const pgQuery = pg.Client.prototype.query;
  // PGlite: statements outside a transaction go through PGlite#query, inside through the transaction's own.
  const pgliteQuery = PGlite.prototype.query;
  const pgliteTransaction = PGlite.prototype.transaction;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    record(args[0]);
    return (pgQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pgQuery;
  PGlite.prototype.query = function (this: PGlite, ...args: unknown[]) {
    record(args[0]);
    return (pgliteQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pgliteQuery;
  PGlite.prototype.transaction = function (this: PGlite, callback: (tx: never) => Promise<unknown>) {
    return pgliteTransaction.call(this, (tx) => {
      const txQuery = tx.query.bind(tx);
      const counted = Object.create(tx) as typeof tx;
      counted.query = ((...args: Parameters<typeof tx.query>) => {
        record(args[0]);
        return txQuery(...args);
      }) as typeof tx.query;
      return callback(counted as never);
    });
  } as typeof pgliteTransaction;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = pgQuery;
    PGlite.prototype.query = pgliteQuery;
    PGlite.prototype.transaction = pgliteTransaction;
  }
  return sent;
}

describe('lesson completion round trips', () => {
  it('completes a lesson in at most 8 statements and replays it in at most 3', async () => {
    const learner = await registerLearner(t.app);
    const drive = learningDriver(t.app, course, learner, { secret: 'round-trip-secret' });
    expect((await drive.selectCourse()).statusCode).toBe(200);
    expect((await drive.chooseLevel('beginning')).statusCode).toBe(200);
    const lesson = course.topics[0]!.lessons[1]!;
    const attempts = rightAttempts(lesson.exercises);

    let first: Awaited<ReturnType<typeof drive.complete>> | undefined;
    // Sessions and rate limits are read by other modules; only the completion's own statements count.
    const statements = await countStatements(async () => {
      first = await drive.complete(lesson.id, attempts, 'round-trip-key');
    });
    expect(first?.statusCode, first?.body).toBe(200);
    expect(first?.json()).toMatchObject({ committed: true, pointsTotal: 4 });
    const completion = statements.filter((text) => !/sessions|rate_limit_hits/.test(text));
    // Lock, state, exercises, one write of counters/statistics/progress/events/key, four for the answers'
    // memory (item keys, history, memories read, memories written).
    expect(
      completion.length,
      completion.map((text) => text.trim().slice(0, 90)).join('\n'),
    ).toBeLessThanOrEqual(8);

    let replay: Awaited<ReturnType<typeof drive.complete>> | undefined;
    const replayed = await countStatements(async () => {
      replay = await drive.complete(lesson.id, attempts, 'round-trip-key');
    });
    expect(replay?.body).toBe(first?.body);
    expect(replayed.filter((text) => !/sessions|rate_limit_hits/.test(text)).length).toBeLessThanOrEqual(3);
  });
});
