import { Worker } from 'node:worker_threads';
import { defaultDistDir } from '@parlo/content/paths';
import pino from 'pino';
import { openDatabase } from './db/client.ts';
import { lockOwner } from './db/pglite-lock.ts';
import { loadEnv } from './env.ts';
import { importBundledContent } from './modules/content/content-startup.ts';
import { importedHash } from './modules/content/content.repository.ts';

/**
 * The server's content import process (ADR 024), forked by `server.ts` on the first start on a fresh data
 * directory and after a content change: it creates and migrates the database when needed, imports the
 * bundled courses (from the folder the server names, else `content/dist`), and exits, so the ~800 MB
 * that costs leaves with it. Not a command of its own.
 */
async function main(): Promise<void> {
  endWithParent();
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
    const imported = await importBundledContent(database.db, process.argv[2] ?? defaultDistDir, log);
    // A failed import leaves what the database had; with no catalogue at all there is nothing to serve.
    if (!imported && (await importedHash(database.db)) === null) {
      throw new Error('the courses could not be imported and the database has none');
    }
  } finally {
    await database.close();
  }
}

/**
 * The server waits for this process; if the server dies (even by `kill -9`), this one ends too rather
 * than write on in the data directory next to a restarted server's import (issue 30). The IPC channel's
 * 'disconnect' alone did not do it: creating the database runs for seconds inside PGlite's WebAssembly
 * without yielding, and a killed server's child was seen finishing its import 20 s later. A worker thread
 * has an event loop of its own: it checks the parent every 100 ms and ends the process, busy or not.
 */
function endWithParent(): void {
  process.once('disconnect', () => process.exit(1));
  const watcher = new Worker(
    `const { workerData } = require('node:worker_threads');
     setInterval(() => {
       if (process.ppid !== workerData.parent) process.kill(process.pid, 'SIGKILL');
     }, 100);`,
    { eval: true, workerData: { parent: process.ppid }, execArgv: [] },
  );
  watcher.unref();
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
