import { gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaderboard as leaderboardCall } from '@parlo/contract/leaderboard';
import { leaderboardEntries, statistics } from '../src/db/schema.ts';
import { londonDay } from '../src/modules/leaderboard/leaderboard.repository.ts';
import { createTestApp, registerLearner, type SignedIn, type TestApp } from './helper.ts';
import { injectCall } from './support/inject-call.ts';
import { leaderboardOf, seedCrowd, setPoints } from './support/leaderboard.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const leaderboard = (learner: SignedIn) => leaderboardOf(t, learner);
const setScore = (learner: SignedIn, points: number, timestamp: number) =>
  setPoints(t, learner, points, timestamp);

describe('GET /api/leaderboard', () => {
  it('needs a session', async () => {
    const response = await injectCall(t.app, leaderboardCall);
    expect(response.statusCode).toBe(401);
  });

  describe('before the first nightly snapshot (live ranking)', () => {
    let first: SignedIn;
    let tiedLater: SignedIn;
    let tiedEarlier: SignedIn;
    let unranked: SignedIn;

    beforeAll(async () => {
      first = await registerLearner(t.app, { name: 'Ada' });
      tiedLater = await registerLearner(t.app, { name: 'Ben' });
      tiedEarlier = await registerLearner(t.app, { name: 'Chloé' });
      unranked = await registerLearner(t.app, { name: 'Dana' });
      await setScore(first, 120, 1_000);
      await setScore(tiedLater, 40, 3_000);
      await setScore(tiedEarlier, 40, 2_000);
    });

    it('orders by points, a tie going to whoever reached it first, and shows names only', async () => {
      const body = await leaderboard(first);
      expect(body.source).toBe('live');
      expect(body.day).toBe(londonDay(t.clock.now));
      expect(body.entries).toEqual([
        { userId: first.userId, name: 'Ada', points: 120, order: 1 },
        { userId: tiedEarlier.userId, name: 'Chloé', points: 40, order: 2 },
        { userId: tiedLater.userId, name: 'Ben', points: 40, order: 3 },
      ]);
      expect(JSON.stringify(body)).not.toContain('@');
      expect(body.me).toEqual({ order: 1, points: 120 });
    });

    it('leaves learners without points out and gives them no place', async () => {
      const body = await leaderboard(unranked);
      expect(body.entries.map((entry) => entry.name)).not.toContain('Dana');
      expect(body.me).toBeNull();
    });

    it('lists at most 100 learners but still tells the 101st their place', async () => {
      // Registering a hundred accounts through the API would hash a hundred passwords; rows will do.
      await seedCrowd(t, 100, '', (index) => ({ points: 1_000 + index, timestamp: 5_000 }));
      const body = await leaderboard(first);
      expect(body.entries).toHaveLength(100);
      expect(body.entries[0]).toMatchObject({ points: 1_099, order: 1 });
      expect(body.entries.map((entry) => entry.order)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
      expect(body.entries.some((entry) => entry.userId === first.userId)).toBe(false);
      expect(body.me).toEqual({ order: 101, points: 120 });
      // Leave the crowd out of the snapshot tests below.
      await t.database.db.update(statistics).set({ points: 0 }).where(gt(statistics.points, 999));
    });
  });

  describe('once the nightly job has written snapshots', () => {
    it('serves the newest day in stored order, with the learner’s own entry', async () => {
      const ana = await registerLearner(t.app, { name: 'Ana' });
      const bo = await registerLearner(t.app, { name: 'Bo' });
      const outsider = await registerLearner(t.app, { name: 'Cy' });
      await t.database.db.insert(leaderboardEntries).values([
        { day: '2030-01-01', userId: ana.userId, name: 'Ana (old)', points: 5, order: 1 },
        { day: '2030-01-02', userId: bo.userId, name: 'Bo', points: 90, order: 1 },
        { day: '2030-01-02', userId: ana.userId, name: 'Ana', points: 70, order: 2 },
      ]);
      // Live points no longer matter: the snapshot is the day's ranking.
      await setScore(outsider, 10_000, 1);

      const body = await leaderboard(ana);
      expect(body).toEqual({
        source: 'snapshot',
        day: '2030-01-02',
        entries: [
          { userId: bo.userId, name: 'Bo', points: 90, order: 1 },
          { userId: ana.userId, name: 'Ana', points: 70, order: 2 },
        ],
        me: { order: 2, points: 70 },
      });
      expect((await leaderboard(outsider)).me).toBeNull();
    });
  });
});

describe('londonDay', () => {
  it('turns over at midnight London time, in summer and in winter', () => {
    expect(londonDay(new Date('2030-07-01T22:59:59Z'))).toBe('2030-07-01');
    expect(londonDay(new Date('2030-07-01T23:00:00Z'))).toBe('2030-07-02');
    expect(londonDay(new Date('2030-01-15T23:59:59Z'))).toBe('2030-01-15');
    expect(londonDay(new Date('2030-01-16T00:00:00Z'))).toBe('2030-01-16');
  });
});
