import type { Database } from './db/client.ts';
import type { Listen } from './db/listen.ts';
import type { Env } from './env.ts';
import type { Mailer } from './lib/mailer.ts';
import type { Metrics } from './lib/metrics.ts';
import type { PushSender } from './lib/push.ts';

/** What route modules need from the outside world, passed in so tests can replace the clock or mail. */
export interface AppDeps {
  env: Env;
  db: Database;
  mailer: Mailer;
  now: () => Date;
  /**
   * Holds a request for `ms` (the sign-in slow-down); a timer when absent. Tests pass one that notes the
   * time asked for and returns at once.
   */
  sleep?: (ms: number) => Promise<void>;
  /** Web Push with the app's VAPID keys. */
  push: PushSender;
  /**
   * The Prometheus series, when METRICS_TOKEN is set (made by the caller, who also counts its mailer's and
   * push sender's results and the scheduler's runs with them).
   */
  metrics?: Metrics | null;
  /**
   * PostgreSQL, which any number of instances may share (issue 30): revocations are announced to all of
   * them, and the general rate limit is counted in the database. Absent on PGlite, which one process owns.
   */
  sharedDatabase?: { listen: Listen };
}
