import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { LEADERBOARD_JOB, refreshLeaderboard } from './leaderboard.job.ts';
import { PRUNE_JOB, pruneExpiredRows } from './prune.job.ts';
import type { SlotOutcome } from './run-once-per-slot.ts';

/** Every scheduled job: each decides its own slot and runs once per slot across instances (ADR 004). */
export interface ScheduledJob {
  name: string;
  run: (db: Database, now: Date) => Promise<SlotOutcome>;
}

const jobs: ScheduledJob[] = [
  { name: LEADERBOARD_JOB, run: refreshLeaderboard },
  { name: PRUNE_JOB, run: pruneExpiredRows },
];

/** How often each instance looks for due work: the board turns over within a minute of midnight. */
export const SCHEDULER_TICK_MS = 60_000;

export interface Scheduler {
  /** One check of every job now (also what each tick does); resolves when it is done. */
  tick(): Promise<void>;
  /** Stops ticking and waits for a check in progress. */
  stop(): Promise<void>;
}

/**
 * Every app server runs this; the database decides which one does each job (runOncePerSlot), so adding
 * instances never runs a job twice. Failures are logged and retried on the next tick.
 */
export function startScheduler(deps: {
  db: Database;
  now: () => Date;
  log: FastifyBaseLogger;
  tickMs?: number;
  /** Jobs that need more than the database (the billing job needs the payment provider's keys). */
  jobs?: readonly ScheduledJob[];
}): Scheduler {
  const everyJob = [...jobs, ...(deps.jobs ?? [])];
  let inFlight: Promise<void> = Promise.resolve();
  let busy = false;

  const check = async () => {
    for (const job of everyJob) {
      try {
        if ((await job.run(deps.db, deps.now())) === 'ran') {
          deps.log.info({ job: job.name }, 'scheduled job ran');
        }
      } catch (error) {
        deps.log.error({ err: error, job: job.name }, 'scheduled job failed; retrying next tick');
      }
    }
  };
  const tick = () => {
    if (busy) return inFlight;
    busy = true;
    inFlight = check().finally(() => {
      busy = false;
    });
    return inFlight;
  };

  void tick();
  const timer = setInterval(() => void tick(), deps.tickMs ?? SCHEDULER_TICK_MS);
  timer.unref();
  return {
    tick,
    async stop() {
      clearInterval(timer);
      await inFlight;
    },
  };
}
