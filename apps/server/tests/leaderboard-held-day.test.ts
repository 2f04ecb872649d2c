import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { leaderboard, leaderboardSchema } from '@parlo/contract/leaderboard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduledJobRuns, statistics } from '../src/db/schema.ts';
import { LEADERBOARD_JOB, refreshLeaderboard } from '../src/jobs/leaderboard.job.ts';
import { startScheduler } from '../src/jobs/scheduler.ts';
import { instanceLeaderboard } from '../src/modules/leaderboard/leaderboard.service.ts';
import { createTestApp, registerLearner, testDatabaseKind, type SignedIn, type TestApp } from './helper.ts';
import { injectCall } from './support/inject-call.ts';
import { leaderboardOf, seedCrowd, setPoints as setScore } from './support/leaderboard.ts';
import { countStatements } from './support/statements.ts';

// Issue 15 / ADR 023: today's snapshot never changes, so an instance answers from what it holds: no
// database read but a learner's first place lookup of the day; a repeat is a 304; the day change drops it.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // March, before summer time: London is on UTC.
  t.clock.now = new Date('2031-03-10T12:00:00Z');
});
afterAll(async () => {
  await t.close();
});

const get = (learner: SignedIn, headers: Record<string, string> = {}) =>
  injectCall(t.app, leaderboard, { headers: { ...learner.headers, ...headers } });

const board = (learner: SignedIn) => leaderboardOf(t, learner);
const setPoints = (learner: SignedIn, points: number, timestamp: number) =>
  setScore(t, learner, points, timestamp);

const readsLeaderboard = (text: string) => /leaderboard_|from "statistics"/.test(text);

describe('a day held by the instance', () => {
  let top: SignedIn;
  let deep: SignedIn;
  let pointless: SignedIn;

  beforeAll(async () => {
    // 120 learners ahead (rows, not registrations), so `deep` is outside the named top 100.
    await seedCrowd(t, 120, 'held-', (index) => ({ points: 100 + (index % 30), timestamp: 10 + index }));
    top = await registerLearner(t.app, { name: 'Top' });
    deep = await registerLearner(t.app, { name: 'Deep' });
    pointless = await registerLearner(t.app, { name: 'No points' });
    await setPoints(top, 9_000, 5);
    await setPoints(deep, 3, 5);
  });

  it('answers today’s snapshot exactly as the live ranking stood, then without reading the ranking', async () => {
    const live = await Promise.all([top, deep, pointless].map((learner) => board(learner)));
    expect(live.map((answer) => answer.source)).toEqual(['live', 'live', 'live']);
    expect(await refreshLeaderboard(t.database.db, t.clock.now)).toBe('ran');

    const snapshot = await Promise.all([top, deep, pointless].map((learner) => board(learner)));
    expect(snapshot.map((answer) => answer.source)).toEqual(['snapshot', 'snapshot', 'snapshot']);
    expect(snapshot.map((answer) => answer.day)).toEqual(['2031-03-10', '2031-03-10', '2031-03-10']);
    expect(snapshot.map((answer) => answer.me)).toEqual(live.map((answer) => answer.me));
    expect(snapshot[1]?.me).toEqual({ order: 122, points: 3 });
    expect(snapshot[0]?.entries).toEqual(live[0]?.entries);
    expect(snapshot[0]?.entries).toHaveLength(100);
    // The answer written from the held top 100 is byte for byte what the contract's serialiser writes.
    for (const learner of [top, deep, pointless]) {
      const { body } = await get(learner);
      expect(body).toBe(JSON.stringify(leaderboardSchema.parse(JSON.parse(body))));
    }

    // Every learner has asked once today: the next answers come from what the instance holds.
    const statements = await countStatements(async () => {
      for (const learner of [top, deep, pointless, deep, top]) await board(learner);
    });
    expect(statements.filter(readsLeaderboard)).toEqual([]);
  });

  it('reads a learner’s place once a day, by key, and holds unranked learners too', async () => {
    const newcomer = await registerLearner(t.app, { name: 'Newcomer' });
    await setPoints(newcomer, 50_000, 1);
    const statements = await countStatements(async () => {
      // Points won today join tomorrow's board: today the newcomer has no place, however often they ask.
      for (let ask = 0; ask < 3; ask += 1) expect((await board(newcomer)).me).toBeNull();
    });
    expect(statements.filter(readsLeaderboard)).toHaveLength(1);
  });

  it('answers a repeat with 304 while the answer is the same, and sends it again when it changed', async () => {
    const first = await get(deep);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);

    const repeat = await get(deep, { 'if-none-match': etag });
    expect(repeat.statusCode).toBe(304);
    expect(repeat.body).toBe('');
    // Another learner's answer differs (`me`), so their validator does not match this one.
    expect((await get(top, { 'if-none-match': etag })).statusCode).toBe(200);

    // The next day's board: the same validator no longer matches, the new answer comes whole.
    t.clock.advance(24 * 60 * 60 * 1000);
    expect(await refreshLeaderboard(t.database.db, t.clock.now)).toBe('ran');
    const nextDay = await get(deep, { 'if-none-match': etag });
    expect(nextDay.statusCode).toBe(200);
    expect(nextDay.data.day).toBe('2031-03-11');
  });

  it('drops the held places when the day changes', async () => {
    await setPoints(deep, 20_000, 2);
    // The newcomer's 50,000 points joined the board of the 11th, ahead of everyone.
    expect((await board(deep)).me).toEqual({ order: 123, points: 3 });
    t.clock.advance(24 * 60 * 60 * 1000);
    // Midnight has passed but the job has not run yet: yesterday's board still stands.
    expect(await board(deep)).toMatchObject({ day: '2031-03-11', me: { order: 123, points: 3 } });
    expect(await refreshLeaderboard(t.database.db, t.clock.now)).toBe('ran');
    expect(await board(deep)).toMatchObject({ day: '2031-03-12', me: { order: 2, points: 20_000 } });
  });

  it('holds at most the places it is allowed, the least recently asked leaving first', async () => {
    const held = instanceLeaderboard(t.database.db, 2);
    for (const learner of [deep, pointless, top]) await held.read(learner.userId, t.clock.now);
    // `deep` and `top` are named entries, not held places; of the others only the last two asked stay.
    const outsiders = await Promise.all([1, 2, 3].map(() => registerLearner(t.app)));
    for (const learner of outsiders) await held.read(learner.userId, t.clock.now);
    expect(held.heldPlaces).toBe(2);
    const statements = await countStatements(async () => {
      await held.read(outsiders[2]!.userId, t.clock.now);
      await held.read(outsiders[0]!.userId, t.clock.now);
    });
    // The newest is still held; the oldest had to be read again.
    expect(statements.filter(readsLeaderboard)).toHaveLength(1);
  });
});

describe('catching up at start', () => {
  function silentLog() {
    const stream = new Writable({ write: (_chunk, _encoding, done) => done() });
    return pino({ level: 'info' }, stream);
  }

  it('writes the day’s board once when instances start together (ten on PGlite, two on pg-boss)', async () => {
    const now = new Date('2031-04-20T09:00:00Z');
    const day = '2031-04-20';
    const log = silentLog();
    const jobs = [{ name: LEADERBOARD_JOB, run: refreshLeaderboard, atStart: true }];
    const instances = await Promise.all(
      Array.from({ length: testDatabaseKind === 'postgres' ? 2 : 10 }, () =>
        startScheduler({
          db: t.database.db,
          now: () => now,
          log,
          onlyJobs: jobs,
          ...(t.databaseUrl ? { postgresUrl: t.databaseUrl } : {}),
        }),
      ),
    );
    try {
      // No tick: starting is enough.
      await expect
        .poll(
          async () =>
            (
              await t.database.db
                .select()
                .from(scheduledJobRuns)
                .where(eq(scheduledJobRuns.job, LEADERBOARD_JOB))
            ).filter((run) => run.slot === day).length,
          { timeout: 20_000 },
        )
        .toBe(1);
    } finally {
      await Promise.all(instances.map((instance) => instance.stop()));
    }
    const runs = await t.database.db
      .select()
      .from(scheduledJobRuns)
      .where(eq(scheduledJobRuns.job, LEADERBOARD_JOB));
    expect(runs.filter((run) => run.slot === day)).toHaveLength(1);
    t.clock.now = now;
    expect(await board(await registerLearner(t.app))).toMatchObject({ source: 'snapshot', day });
  }, 40_000);
});

describe('a board written when nobody had points', () => {
  it('is the day’s board, empty, not the live ranking', async () => {
    const fresh = await createTestApp();
    try {
      fresh.clock.now = new Date('2031-05-05T08:00:00Z');
      const learner = await registerLearner(fresh.app, { name: 'Early' });
      expect(await refreshLeaderboard(fresh.database.db, fresh.clock.now)).toBe('ran');
      await fresh.database.db
        .update(statistics)
        .set({ points: 30 })
        .where(eq(statistics.userId, learner.userId));
      const response = await injectCall(fresh.app, leaderboard, { headers: learner.headers });
      expect(response.data).toEqual({ entries: [], me: null, day: '2031-05-05', source: 'snapshot' });
    } finally {
      await fresh.close();
    }
  });
});
