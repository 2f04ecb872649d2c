import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app.ts';
import type { DatabaseTarget } from './db/client.ts';
import { postgresListen } from './db/listen.ts';
import { lockDataDirectory } from './db/pglite-lock.ts';
import { loadEnv, paymentsWarning } from './env.ts';
import { defaultDistDir } from '@parlo/content/paths';
import { ensureStatusTiers } from './modules/catalogue/status-tiers.seed.ts';
import { openDatabaseWithContent } from './modules/content/content-startup.ts';
import { startScheduler } from './jobs/scheduler.ts';
import { billingJob } from './jobs/billing.job.ts';
import { createMailer } from './lib/mailer.ts';
import { createPushSender, loadVapidKeys } from './lib/push.ts';
import { vapidKeyStore } from './modules/notifications/vapid-keys.repository.ts';

/** Production entry point: `npm start` (or `npm run serve` after a build). */
async function main(): Promise<void> {
  const env = loadEnv();
  const log = pino({ level: env.LOG_LEVEL });
  exitOnUnexpectedErrors(log);
  const payments = paymentsWarning(env);
  if (payments) log.warn(payments);
  // The server holds the embedded database's lock from here to its exit, also while its content import
  // process works in the directory (ADR 024); that process checks the lock names its parent.
  const unlock = env.DATABASE_URL ? () => {} : lockDataDirectory(env.DATA_DIR);
  const target: DatabaseTarget = env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL }
    : { kind: 'pglite', directory: env.DATA_DIR, lockHeld: true };
  const contentDistDir = env.CONTENT_DIST_DIR ?? defaultDistDir;
  const opened = await openDatabaseWithContent(
    target,
    contentDistDir,
    log,
    { entry: fileURLToPath(new URL('./import-content.ts', import.meta.url)), env: process.env },
    // A dropped connection is expected (restarts, failovers): logged, and the pool reconnects.
    (error) => log.warn({ err: error }, 'PostgreSQL connection lost; the pool reconnects on demand'),
  );
  const database = {
    ...opened,
    async close() {
      await opened.close();
      unlock();
    },
  };
  log.info(
    { database: database.kind, dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR },
    'database ready',
  );
  await ensureStatusTiers(database.db);
  // Series are kept only for a scraper that can read them (METRICS_TOKEN; prom-client is loaded only
  // then, ADR 020); they count every mail and push.
  const metrics = env.METRICS_TOKEN
    ? (await import('./lib/metrics.ts')).createMetrics({ databaseActivity: database.activity })
    : null;
  const plainMailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    outboxDir: path.join(env.DATA_DIR, 'outbox'),
    log,
  });
  const mailer = metrics ? metrics.countingMailer(plainMailer) : plainMailer;
  const now = () => new Date();
  const plainPush = createPushSender(
    await loadVapidKeys({
      publicKey: env.VAPID_PUBLIC_KEY,
      privateKey: env.VAPID_PRIVATE_KEY,
      subject: env.VAPID_SUBJECT,
      dataDir: env.DATA_DIR,
      store: vapidKeyStore(database.db),
    }),
    { anyAddress: env.PUSH_ENDPOINTS_ANY_ADDRESS },
  );
  const push = metrics ? metrics.countingPush(plainPush) : plainPush;
  const sharedDatabase = env.DATABASE_URL
    ? {
        listen: postgresListen(env.DATABASE_URL, (error) =>
          log.warn({ err: error }, 'PostgreSQL listening connection lost; listening again in 1 s'),
        ),
      }
    : undefined;
  const app = await buildApp(
    { env, db: database.db, mailer, now, push, metrics, sharedDatabase },
    { serveWebApp: true, contentDistDir },
  );
  const scheduler = env.SCHEDULED_JOBS
    ? await startScheduler({
        db: database.db,
        now,
        log: app.log,
        tickMs: env.SCHEDULER_TICK_MS,
        push,
        mail: { mailer, publicUrl: env.PUBLIC_URL },
        postgresUrl: env.DATABASE_URL,
        jobs: [billingJob(env)],
        metrics,
      })
    : null;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await scheduler?.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: env.HOST, port: env.PORT });
}

/**
 * ADR 006: a fault we expect (the database away, a bad request) is answered and the process stays up; an
 * error nobody handled means the process is in a state nobody reasoned about, so it is logged and the
 * process exits non-zero for its supervisor (systemd Restart=on-failure, a container runtime) to restart.
 */
function exitOnUnexpectedErrors(log: pino.Logger): void {
  const fail = (kind: string) => (error: unknown) => {
    log.fatal({ err: error }, `${kind}: exiting so the supervisor restarts a clean process`);
    process.exitCode = 1;
    // Give pino a moment to flush; nothing else is worth waiting for.
    setTimeout(() => process.exit(1), 100).unref();
  };
  process.on('uncaughtException', fail('uncaught exception'));
  process.on('unhandledRejection', fail('unhandled rejection'));
}

main().catch((error: unknown) => {
  // Startup failures (bad env, locked database) must be readable without a log viewer.
  process.stderr.write(`Parlo could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
