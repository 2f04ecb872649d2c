import { defaultDistDir } from '@parlo/content/paths';
import pino from 'pino';
import { openDatabase } from './db/client.ts';
import { lockOwner } from './db/pglite-lock.ts';
import { loadEnv } from './env.ts';
import { importBundledContent } from './modules/content/content-startup.ts';

/**
 * The server's content import process (ADR 024), forked by `server.ts` on the first start on a fresh data
 * directory and after a content change: it creates and migrates the database when needed, imports the
 * bundled courses, and exits, so the ~800 MB that costs leaves with it. Not a command of its own.
 */
async function main(): Promise<void> {
  // The server waits for this process; if the server dies, this one stops too rather than writing on.
  process.once('disconnect', () => process.exit(1));
  const env = loadEnv();
  const log = pino({ level: env.LOG_LEVEL });
  if (!env.DATABASE_URL && lockOwner(env.DATA_DIR) !== process.ppid) {
    // Only a server that holds the data directory's lock may hand it to this process.
    throw new Error(`${env.DATA_DIR} is not locked by the server that started this import`);
  }
  const database = await openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', directory: env.DATA_DIR, lockHeld: true },
  );
  try {
    await importBundledContent(database.db, defaultDistDir, log);
  } finally {
    await database.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(
      `Parlo's content import failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  },
);
