import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import type { Mailer } from '../lib/mailer.ts';
import type { Metrics } from '../lib/metrics.ts';
import type { PushSender } from '../lib/push.ts';
import { LEADERBOARD_JOB, refreshLeaderboard } from './leaderboard.job.ts';
import { PRUNE_JOB, pruneExpiredRows } from './prune.job.ts';
import { REMINDERS_JOB, sendDueReminders } from './reminders.job.ts';
import type { SlotOutcome } from './run-once-per-slot.ts';

/** The outside world a job may reach besides the database. */
export interface JobServices {
  log: FastifyBaseLogger;
  /** Absent where push is not set up: reminders then reach the bell only. */
  push?: PushSender;
  /** Reminder e-mails (the SMTP adapter or the dev outbox) and the address links in them point to. */
  mail?: { mailer: Mailer; publicUrl: string };
}

export interface ScheduledJob {
  name: string;
  /** Decides its own slot and does its work at most once per slot (ADR 004): safe to run again. */
  run: (db: Database, now: Date, services: JobServices) => Promise<SlotOutcome>;
  /**
   * Checked as soon as an instance starts on the queue engine too, not only at the next cron minute: a
   * slot missed while no server ran is caught up at once (ADR 023). The tick engine checks every job at start.
   */
  atStart?: boolean;
}

/** Every scheduled job: each decides its own slot and runs once per slot across instances (ADR 004). */
const jobs: ScheduledJob[] = [
  { name: LEADERBOARD_JOB, run: refreshLeaderboard, atStart: true },
  { name: PRUNE_JOB, run: pruneExpiredRows },
  { name: REMINDERS_JOB, run: sendDueReminders },
];

/** How often each instance looks for due work: the board turns over within a minute of midnight. */
export const SCHEDULER_TICK_MS = 60_000;

export interface Scheduler {
  /** One check of every job now (also what each tick does); resolves when it is done. */
  tick(): Promise<void>;
  /** Stops ticking and waits for a check in progress. */
  stop(): Promise<void>;
}

export interface SchedulerDeps {
  db: Database;
  now: () => Date;
  log: FastifyBaseLogger;
  tickMs?: number;
  push?: PushSender;
  mail?: JobServices['mail'];
  /** PostgreSQL: the jobs run on pg-boss (ADR 013). */
  postgresUrl?: string;
  /** Jobs that need more than the database, added to the registered ones (as on main: billing). */
  jobs?: readonly ScheduledJob[];
  /** Counts each job's runs and failures for /metrics. */
  metrics?: Metrics | null;
  /** Tests: run exactly these jobs instead of every registered one. */
  onlyJobs?: readonly ScheduledJob[];
}

/**
 * One interface, two engines (ADR 013): on PostgreSQL the jobs go through pg-boss (a cron entry per job,
 * each occurrence handed to one instance, retried with back-off); on the embedded PGlite, where pg-boss
 * cannot run, every instance ticks and the claim table decides. Either way the job itself claims its slot,
 * so a run delivered twice does its work once.
 */
export function startScheduler(deps: SchedulerDeps): Promise<Scheduler> {
  const registered = deps.onlyJobs ?? [...jobs, ...(deps.jobs ?? [])];
  return deps.postgresUrl
    ? startQueueScheduler({ ...deps, postgresUrl: deps.postgresUrl }, registered)
    : Promise.resolve(startTickScheduler(deps, registered));
}

async function runLogged(deps: SchedulerDeps, job: ScheduledJob): Promise<void> {
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  try {
    const outcome = await job.run(deps.db, deps.now(), { log: deps.log, push: deps.push, mail: deps.mail });
    deps.metrics?.observeJob(job.name, outcome, seconds());
    if (outcome === 'ran') deps.log.info({ job: job.name }, 'scheduled job ran');
  } catch (error) {
    deps.metrics?.observeJob(job.name, 'failed', seconds());
    deps.log.error({ err: error, job: job.name }, 'scheduled job failed; retrying');
    throw error;
  }
}

/** PGlite: every instance checks every job each tick; failures are logged and retried on the next tick. */
function startTickScheduler(deps: SchedulerDeps, registered: readonly ScheduledJob[]): Scheduler {
  let inFlight: Promise<void> = Promise.resolve();
  let busy = false;

  const check = async () => {
    for (const job of registered) await runLogged(deps, job).catch(() => {});
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

/** pg-boss keeps its tables in their own schema, apart from our migrations. */
const QUEUE_SCHEMA = 'pgboss';
/** A failed run is retried 3 times, about 2 s, 4 s and 8 s later (pg-boss back-off). */
const RETRY = { retryLimit: 3, retryDelay: 2, retryBackoff: true } as const;

const QUEUE_SETUP_LOCK_ID = 4_815_162_343;

async function withAdvisoryLock(url: string, lockId: number, work: () => Promise<void>): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [lockId]);
    await work();
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [lockId]).catch(() => {});
    await client.end();
  }
}

/** PostgreSQL: pg-boss's cron sends one job per job name per minute across all instances. */
async function startQueueScheduler(
  deps: SchedulerDeps & { postgresUrl: string },
  registered: readonly ScheduledJob[],
): Promise<Scheduler> {
  // Loaded only on PostgreSQL, where it runs (ADR 020): an embedded server never needs pg-boss.
  const { default: PgBoss } = await import('pg-boss');
  const boss = new PgBoss({
    connectionString: deps.postgresUrl,
    schema: QUEUE_SCHEMA,
    max: 3,
    application_name: 'parlo-jobs',
  });
  boss.on('error', (error) => deps.log.error({ err: error }, 'job queue error'));
  // Instances starting together would deadlock creating queues (each partitions pg-boss's job table, and
  // start() creates pg-boss's own cron queue): one instance starts and sets up its queues at a time.
  await withAdvisoryLock(deps.postgresUrl, QUEUE_SETUP_LOCK_ID, async () => {
    await boss.start();
    for (const job of registered) {
      if (!(await boss.getQueue(job.name))) await boss.createQueue(job.name, { name: job.name, ...RETRY });
      await boss.schedule(job.name, '* * * * *', {}, RETRY);
    }
  });
  for (const job of registered) {
    await boss.work(job.name, { pollingIntervalSeconds: 2 }, async () => runLogged(deps, job));
  }
  // Every instance sends one; the job's claim row makes it run once (ADR 004).
  for (const job of registered) if (job.atStart) await boss.send(job.name, {}, RETRY);

  // tick() waits until this instance's run has been taken and finished (or failed its first attempt).
  const waitFor = async (name: string, id: string) => {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const found = await boss.getJobById(name, id);
      if (!found || ['completed', 'failed', 'cancelled', 'retry'].includes(found.state)) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  return {
    async tick() {
      const sent = await Promise.all(
        registered.map(async (job) => ({ name: job.name, id: await boss.send(job.name, {}, RETRY) })),
      );
      await Promise.all(sent.map(({ name, id }) => (id ? waitFor(name, id) : undefined)));
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
