import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaderboardEntries, leaderboardPlaces, scheduledJobRuns, users } from '../src/db/schema.ts';
import { LEADERBOARD_JOB, refreshLeaderboard } from '../src/jobs/leaderboard.job.ts';
import { findOwnPlace } from '../src/modules/leaderboard/leaderboard.repository.ts';
import { createTestApp, registerLearner, type SignedIn, type TestApp } from './helper.ts';
import { leaderboardOf, seedCrowd, setPoints as setScore } from './support/leaderboard.ts';

// Issue 15: every learner finds their own place, not only the top 100, without ranking everyone per request.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const at = (isoDay: string, time: string) => new Date(`${isoDay}T${time}Z`);

const board = (learner: SignedIn) => leaderboardOf(t, learner);
const setPoints = (learner: SignedIn, points: number, timestamp: number) =>
  setScore(t, learner, points, timestamp);

describe('own places beyond the top 100', () => {
  let deep: SignedIn;
  let tiedFirst: SignedIn;
  let tiedSecond: SignedIn;
  let pointless: SignedIn;

  beforeAll(async () => {
    // 160 learners ranked ahead (rows, not registrations: no password hashing), with ties among them.
    await seedCrowd(t, 160, 'places-', (index) => ({ points: 1_000 + (index % 40), timestamp: 10 + index }));
    tiedFirst = await registerLearner(t.app, { name: 'Tied first' });
    tiedSecond = await registerLearner(t.app, { name: 'Tied second' });
    deep = await registerLearner(t.app, { name: 'Deep' });
    pointless = await registerLearner(t.app, { name: 'No points' });
    // Same points and same last save: the older account goes first.
    await setPoints(tiedFirst, 500, 7);
    await setPoints(tiedSecond, 500, 7);
    await setPoints(deep, 20, 3);
  });

  it('before the first nightly job, gives each learner their live place, ties included', async () => {
    expect((await board(deep)).me).toEqual({ order: 163, points: 20 });
    expect((await board(tiedFirst)).me).toEqual({ order: 161, points: 500 });
    expect((await board(tiedSecond)).me).toEqual({ order: 162, points: 500 });
    const live = await board(pointless);
    expect(live.source).toBe('live');
    expect(live.me).toBeNull();
    expect(live.entries.map((entry) => entry.order)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });

  it('after the nightly job, finds every place the live ranking gave, by key', async () => {
    const liveBoards = await Promise.all([deep, tiedFirst, tiedSecond].map((learner) => board(learner)));
    expect(await refreshLeaderboard(t.database.db, at('2030-02-01', '12:00:00'))).toBe('ran');
    expect(await refreshLeaderboard(t.database.db, at('2030-02-02', '00:00:30'))).toBe('ran');

    const snapshots = await Promise.all([deep, tiedFirst, tiedSecond].map((learner) => board(learner)));
    expect(snapshots.map((snapshot) => snapshot.source)).toEqual(['snapshot', 'snapshot', 'snapshot']);
    expect(snapshots.map((snapshot) => snapshot.me)).toEqual(liveBoards.map((live) => live.me));
    expect(snapshots[0]?.entries).toEqual(liveBoards[0]?.entries);
    expect(await findOwnPlace(t.database.db, '2030-02-02', deep.userId)).toEqual({ order: 163, points: 20 });
    expect((await board(pointless)).me).toBeNull();

    // Points won during the day move the place on the next day's board only.
    await setPoints(deep, 5_000, 100);
    expect((await board(deep)).me).toEqual({ order: 163, points: 20 });
    expect(await refreshLeaderboard(t.database.db, at('2030-02-03', '00:00:30'))).toBe('ran');
    expect((await board(deep)).me).toEqual({ order: 1, points: 5_000 });
  });

  it('ranks each learner once when many instances run the job together, and keeps one day of places', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => refreshLeaderboard(t.database.db, at('2030-02-04', '00:00:05'))),
    );
    expect(outcomes.filter((outcome) => outcome === 'ran')).toHaveLength(1);
    const runs = await t.database.db
      .select()
      .from(scheduledJobRuns)
      .where(eq(scheduledJobRuns.job, LEADERBOARD_JOB));
    expect(runs.filter((run) => run.slot === '2030-02-04')).toHaveLength(1);
    const places = await t.database.db.select().from(leaderboardPlaces);
    // 160 + three registered learners with points; the pointless one is not ranked.
    expect(places).toHaveLength(163);
    expect(new Set(places.map((place) => place.day))).toEqual(new Set(['2030-02-04']));
    expect(places.map((place) => place.order).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 163 }, (_, i) => i + 1),
    );
    const named = await t.database.db
      .select()
      .from(leaderboardEntries)
      .where(eq(leaderboardEntries.day, '2030-02-04'));
    expect(named).toHaveLength(100);
  });

  it('forgets a deleted account’s place', async () => {
    await t.database.db.delete(users).where(eq(users.id, deep.userId));
    expect(await findOwnPlace(t.database.db, '2030-02-04', deep.userId)).toBeNull();
  });
});
