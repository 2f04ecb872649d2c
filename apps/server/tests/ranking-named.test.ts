import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerLearner, testDatabaseKind, type TestApp } from './helper.ts';
import { leaderboardOf, setPoints } from './support/ranking.ts';
import { countStatementsAndNamed } from './support/statements.ts';

/*
 * Before the first nightly snapshot every leaderboard request reads the newest day, the live top 100 and
 * the learner's live place: three statements, each run by name (ADR 026), so neither engine parses and
 * plans them again per request.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const ranking = (texts: string[]) =>
  texts.filter((text) => !/sessions|active_session|rate_limit_hits/.test(text));

/** The names node-postgres sent statements under during `work` (PostgreSQL prepares each once per connection). */
async function postgresNames(work: () => Promise<unknown>): Promise<string[]> {
  const names: string[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const name = (args[0] as { name?: unknown } | null)?.name;
    if (typeof name === 'string') names.push(name);
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = query;
  }
  return names;
}

describe(`the live leaderboard runs its statements by name (${testDatabaseKind})`, () => {
  it('reads the newest day, the top 100 and the own place: three named statements per request', async () => {
    const ada = await registerLearner(t.app, { name: 'Ada' });
    const ben = await registerLearner(t.app, { name: 'Ben' });
    await setPoints(t, ada, 120, 1_000);
    await setPoints(t, ben, 40, 2_000);
    // The first request parses; the second is what every later one costs.
    await leaderboardOf(t, ben);

    let board: Awaited<ReturnType<typeof leaderboardOf>> | undefined;
    let names: string[] = [];
    const statements = ranking(
      await countStatementsAndNamed(async () => {
        names = await postgresNames(async () => {
          board = await leaderboardOf(t, ben);
        });
      }),
    );
    expect(board).toMatchObject({
      source: 'live',
      entries: [
        { name: 'Ada', points: 120, order: 1 },
        { name: 'Ben', points: 40, order: 2 },
      ],
      me: { order: 2, points: 40 },
    });
    const expected = ['leaderboard_live_place', 'leaderboard_live_top', 'leaderboard_newest_day'];
    if (t.database.kind === 'pglite') {
      expect(statements.sort()).toEqual(expected.map((name) => `execute ${name}`));
    } else {
      expect(statements, statements.join('\n---\n')).toHaveLength(3);
      expect(ranking(names).sort()).toEqual(expected);
    }
  });
});
