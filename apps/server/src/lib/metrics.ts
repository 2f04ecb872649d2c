import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Mailer } from './mailer.ts';
import type { PushSender } from './push.ts';

/** What the database driver tells about its connections (db/client.ts). */
export interface DatabaseActivity {
  /** Connections running a statement now (PGlite: its one connection, busy or not). */
  inUse: number;
  /** Open connections with nothing to do. */
  idle: number;
  /** Statements waiting for a connection. */
  waiting: number;
}

export type JobOutcome = 'ran' | 'already-done' | 'failed';

/**
 * The server's Prometheus series (issue 30 item 16), one registry per process (tests: per app). Made only
 * when METRICS_TOKEN is set: without a reader, nothing is observed on the request path.
 */
export interface Metrics {
  registry: Registry;
  /** One answered request: its route pattern (never the raw URL, which would be a series per id). */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  observeJob(job: string, outcome: JobOutcome, seconds: number): void;
  /** The mailer and push sender, counting each send's result. */
  countingMailer(mailer: Mailer): Mailer;
  countingPush(push: PushSender): PushSender;
}

export function createMetrics(options: { databaseActivity?: () => DatabaseActivity } = {}): Metrics {
  const registry = new Registry();
  // Process metrics, and the event loop's delay as perf_hooks measures it (nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });

  const requests = new Counter({
    name: 'parlo_http_requests_total',
    help: 'Answered HTTP requests by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const requestSeconds = new Histogram({
    name: 'parlo_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'parlo_job_runs_total',
    help: 'Scheduled job checks by job and outcome (ran, already-done: another run had the slot, failed).',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  const jobSeconds = new Histogram({
    name: 'parlo_job_duration_seconds',
    help: 'Time one scheduled job check took, by job.',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60],
    registers: [registry],
  });
  const pushes = new Counter({
    name: 'parlo_push_sends_total',
    help: 'Web Push messages sent, by result (delivered, gone: the device was forgotten, failed).',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const mails = new Counter({
    name: 'parlo_mail_sends_total',
    help: 'E-mails handed to SMTP or the outbox, by result (sent, failed).',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const activity = options.databaseActivity;
  if (activity) {
    const gauge = (name: string, help: string, read: (now: DatabaseActivity) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read(activity()));
        },
      });
    gauge('parlo_db_connections_in_use', 'Database connections running a statement.', (a) => a.inUse);
    gauge('parlo_db_connections_idle', 'Open database connections with nothing to do.', (a) => a.idle);
    gauge('parlo_db_waiting', 'Statements waiting for a database connection.', (a) => a.waiting);
  }

  return {
    registry,
    observeRequest(method, route, status, seconds) {
      requests.inc({ method, route, status: String(status) });
      requestSeconds.observe({ method, route }, seconds);
    },
    observeJob(job, outcome, seconds) {
      jobRuns.inc({ job, outcome });
      jobSeconds.observe({ job }, seconds);
    },
    countingMailer(mailer) {
      return {
        async send(mail) {
          try {
            await mailer.send(mail);
            mails.inc({ result: 'sent' });
          } catch (error) {
            mails.inc({ result: 'failed' });
            throw error;
          }
        },
      };
    },
    countingPush(push) {
      return {
        publicKey: push.publicKey,
        async send(target, payload) {
          try {
            const result = await push.send(target, payload);
            pushes.inc({ result });
            return result;
          } catch (error) {
            pushes.inc({ result: 'failed' });
            throw error;
          }
        },
      };
    },
  };
}
