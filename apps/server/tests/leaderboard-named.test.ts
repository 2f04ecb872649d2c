import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerLearner, testDatabaseKind, type TestApp } from './helper.ts';
import { leaderboardOf, setPoints } from './support/leaderboard.ts';
import { countStatements } from './support/statements.ts';

/*
 * Before the first nightly snapshot every leaderboard request reads the newest day, the live top 100 and
 * the learner's live place: three hot statements (ADR 026) and nothing else.
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

describe(`the live leaderboard runs its three hot statements (${testDatabaseKind})`, () => {
  it('reads the newest day, the top 100 and the own place: three hot statements per request', async () => {
    const ada = await registerLearner(t.app, { name: 'Ada' });
    const ben = await registerLearner(t.app, { name: 'Ben' });
    await setPoints(t, ada, 120, 1_000);
    await setPoints(t, ben, 40, 2_000);
    // The first request parses; the second is what every later one costs.
    await leaderboardOf(t, ben);

    let board: Awaited<ReturnType<typeof leaderboardOf>> | undefined;
    const statements = ranking(
      await countStatements(async () => {
        board = await leaderboardOf(t, ben);
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
    expect(statements.sort()).toEqual(expected.map((name) => `execute ${name}`));
  });
});
