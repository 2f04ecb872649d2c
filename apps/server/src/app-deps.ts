import type { Database } from './db/client.ts';
import type { Env } from './env.ts';
import type { Mailer } from './lib/mailer.ts';
import type { PushSender } from './lib/push.ts';

/** What route modules need from the outside world, passed in so tests can replace the clock or mail. */
export interface AppDeps {
  env: Env;
  db: Database;
  mailer: Mailer;
  now: () => Date;
  /** Web Push with the app's VAPID keys. */
  push: PushSender;
}
