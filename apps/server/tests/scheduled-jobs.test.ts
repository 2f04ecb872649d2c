import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaderboard } from '@parlo/contract/leaderboard';
import { notifications } from '@parlo/contract/notifications';
import { leaderboardEntries, scheduledJobRuns, statistics } from '../src/db/schema.ts';
import { LEADERBOARD_JOB, refreshLeaderboard } from '../src/jobs/leaderboard.job.ts';
import { runOncePerSlot } from '../src/jobs/run-once-per-slot.ts';
import { startScheduler } from '../src/jobs/scheduler.ts';
import { createTestApp, registerLearner, testDatabaseKind, type SignedIn, type TestApp } from './helper.ts';
import { injectCall } from './support/inject-call.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

// January: London is on UTC, so these instants read as London wall-clock times.
const at = (isoDay: string, time: string) => new Date(`${isoDay}T${time}Z`);

async function setPoints(learner: SignedIn, points: number, timestamp = 1) {
  await t.database.db
    .update(statistics)
    .set({ points, timestamp })
    .where(eq(statistics.userId, learner.userId));
}

async function board(learner: SignedIn) {
  const response = await injectCall(t.app, leaderboard, { headers: learner.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.data;
}

const runsOf = (job: string) =>
  t.database.db.select().from(scheduledJobRuns).where(eq(scheduledJobRuns.job, job));

describe('the 00:00 London leaderboard job', () => {
  let ana: SignedIn;
  let bo: SignedIn;

  beforeAll(async () => {
    ana = await registerLearner(t.app, { name: 'Ana' });
    bo = await registerLearner(t.app, { name: 'Bo' });
    await setPoints(ana, 40);
    await setPoints(bo, 90);
  });

  // ADR 023 (was: the first day only marked, the live ranking until midnight): the first start writes
  // the day's board at once, and tells nobody about a "yesterday" that had no board.
  it('on a new installation writes the first day’s board at once, with no notification', async () => {
    expect(await refreshLeaderboard(t.database.db, at('2030-01-01', '14:05:00'))).toBe('ran');
    const [run] = await runsOf(LEADERBOARD_JOB);
    expect(run?.slot).toBe('2030-01-01');
    expect(run?.result).toEqual({ entries: 2, first: true });
    expect(await board(ana)).toMatchObject({ source: 'snapshot', day: '2030-01-01', me: { order: 2 } });
    const bell = await injectCall(t.app, notifications, { headers: ana.headers });
    expect(bell.data.notifications).toEqual([]);
  });

  it('writes the day’s board at the first check after midnight, and only once', async () => {
    expect(await refreshLeaderboard(t.database.db, at('2030-01-01', '23:59:30'))).toBe('already-done');
    expect(await refreshLeaderboard(t.database.db, at('2030-01-02', '00:00:40'))).toBe('ran');
    expect(await refreshLeaderboard(t.database.db, at('2030-01-02', '00:01:40'))).toBe('already-done');

    const frozen = await board(ana);
    expect(frozen).toMatchObject({
      source: 'snapshot',
      day: '2030-01-02',
      entries: [
        { name: 'Bo', points: 90, order: 1 },
        { name: 'Ana', points: 40, order: 2 },
      ],
      me: { order: 2, points: 40 },
    });
    const run = (await runsOf(LEADERBOARD_JOB)).find((row) => row.slot === '2030-01-02');
    expect(run?.result).toEqual({ entries: 2, notified: 2 });
    // Each learner on the board finds their place under the bell.
    const bell = await injectCall(t.app, notifications, { headers: ana.headers });
    expect(bell.data.notifications[0]?.content).toBe('You finished yesterday’s leaderboard in place 2.');

    // Points won during the day show on the next day's board, not before.
    await setPoints(ana, 500);
    expect((await board(ana)).entries[0]?.name).toBe('Bo');
  });

  it('catches up after a restart that missed midnight', async () => {
    expect(await refreshLeaderboard(t.database.db, at('2030-01-03', '09:30:00'))).toBe('ran');
    const caughtUp = await board(ana);
    expect(caughtUp.day).toBe('2030-01-03');
    expect(caughtUp.entries.map((entry) => entry.name)).toEqual(['Ana', 'Bo']);
  });

  it('runs once when many instances check at the same moment', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => refreshLeaderboard(t.database.db, at('2030-01-04', '00:00:05'))),
    );
    expect(outcomes.filter((outcome) => outcome === 'ran')).toHaveLength(1);
    const rows = await t.database.db
      .select()
      .from(leaderboardEntries)
      .where(eq(leaderboardEntries.day, '2030-01-04'));
    expect(rows).toHaveLength(2);
  });

  it('keeps a week of boards', async () => {
    expect(await refreshLeaderboard(t.database.db, at('2030-01-10', '00:00:10'))).toBe('ran');
    const days = await t.database.db.selectDistinct({ day: leaderboardEntries.day }).from(leaderboardEntries);
    expect(days.map((row) => row.day).sort()).toEqual(['2030-01-03', '2030-01-04', '2030-01-10']);
  });

  it('turns over at midnight London time in summer too (23:00 UTC)', async () => {
    expect(await refreshLeaderboard(t.database.db, new Date('2030-07-01T22:59:00Z'))).toBe('ran');
    expect((await board(ana)).day).toBe('2030-07-01');
    expect(await refreshLeaderboard(t.database.db, new Date('2030-07-01T23:00:30Z'))).toBe('ran');
    expect((await board(ana)).day).toBe('2030-07-02');
  });
});

describe('runOncePerSlot', () => {
  it('leaves the slot free when the work fails, so the next check retries', async () => {
    const claim = { job: 'test-job', slot: 'A', now: new Date() };
    await expect(
      runOncePerSlot(t.database.db, claim, async () => {
        throw new Error('disk full');
      }),
    ).rejects.toThrow('disk full');
    expect(await runsOf('test-job')).toHaveLength(0);
    expect(await runOncePerSlot(t.database.db, claim, async () => ({ done: true }))).toBe('ran');
    expect((await runsOf('test-job'))[0]?.result).toEqual({ done: true });
  });
});

describe('the scheduler', () => {
  function capturedLog() {
    const lines: Array<{ level: number; msg: string; job?: string }> = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
        done();
      },
    });
    return { log: pino({ level: 'info' }, stream), lines };
  }

  it('checks at once on start and on every tick, and stops cleanly', async () => {
    const { log, lines } = capturedLog();
    let now = at('2031-01-01', '12:00:00');
    const scheduler = await startScheduler({ db: t.database.db, now: () => now, log, tickMs: 60_000 });
    await scheduler.tick();
    expect((await runsOf(LEADERBOARD_JOB)).some((row) => row.slot === '2031-01-01')).toBe(true);
    now = at('2031-01-02', '00:00:20');
    await scheduler.tick();
    expect((await board(await registerLearner(t.app))).day).toBe('2031-01-02');
    await scheduler.stop();
    expect(lines.filter((line) => line.msg === 'scheduled job ran').length).toBeGreaterThanOrEqual(1);
  });

  it('logs a failing job and keeps going', async () => {
    const { log, lines } = capturedLog();
    const broken = {
      transaction: () => Promise.reject(new Error('database unreachable')),
    } as unknown as typeof t.database.db;
    const scheduler = await startScheduler({ db: broken, now: () => new Date(), log, tickMs: 60_000 });
    await scheduler.tick();
    await scheduler.stop();
    const failure = lines.find((line) => line.msg.startsWith('scheduled job failed'));
    expect(failure?.level).toBe(50);
  });
});

describe.runIf(testDatabaseKind === 'postgres')('the scheduler on pg-boss (PostgreSQL)', () => {
  it('hands each run to one of two instances, retries a failure with back-off and logs it', async () => {
    const { log, lines } = (() => {
      const captured: Array<{ level: number; msg: string; job?: string }> = [];
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          captured.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
          done();
        },
      });
      return { log: pino({ level: 'info' }, stream), lines: captured };
    })();
    const runs: string[] = [];
    let failuresLeft = 1;
    const countingJob = {
      name: 'test-counting',
      run: async () => {
        runs.push('counting');
        return 'ran' as const;
      },
    };
    const flakyJob = {
      name: 'test-flaky',
      run: async () => {
        runs.push('flaky');
        if (failuresLeft-- > 0) throw new Error('smtp away');
        return 'ran' as const;
      },
    };
    const options = {
      db: t.database.db,
      now: () => new Date(),
      log,
      postgresUrl: t.databaseUrl!,
      onlyJobs: [countingJob, flakyJob],
    };
    const [first, second] = await Promise.all([startScheduler(options), startScheduler(options)]);
    try {
      await Promise.all([first!.tick(), second!.tick()]);
      // Two sends, two runs of each job in all: never one run per instance per send.
      expect(runs.filter((run) => run === 'counting')).toHaveLength(2);
      expect(lines.some((line) => line.level === 50 && line.msg.startsWith('scheduled job failed'))).toBe(
        true,
      );
      // The failed attempt comes back after the back-off and succeeds.
      await expect.poll(() => runs.filter((run) => run === 'flaky').length, { timeout: 15_000 }).toBe(3);
    } finally {
      await Promise.all([first!.stop(), second!.stop()]);
    }
  }, 30_000);
});
