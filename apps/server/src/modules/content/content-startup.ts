import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { CATALOGUE_FILE } from '@parlo/content/built-catalogue';
import type { FastifyBaseLogger } from 'fastify';
import {
  embeddedDatabaseExists,
  holdAdvisoryLock,
  openDatabase,
  type Database,
  type DatabaseFaultListener,
  type DatabaseHandle,
  type DatabaseTarget,
} from '../../db/client.ts';
import { builtHashAtEnd, importCatalogueFile } from './content-import.service.ts';
import { importedHash } from './content.repository.ts';

type StartLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/**
 * Run at server start: imports the bundled content build when it changed since the last import. A failed
 * import is rolled back and logged; the server keeps serving the catalogue it already had. Answers
 * whether the import failed.
 */
export async function importBundledContent(db: Database, distDir: string, log: StartLog): Promise<boolean> {
  try {
    const result = await importCatalogueFile(db, distDir);
    if (!result) {
      log.warn({ distDir }, 'no built content: run `npm run content:build` (or `npm run build`)');
    } else if (result.changed) {
      log.info({ ...result.counts, ms: Math.round(result.milliseconds) }, 'content imported');
    } else {
      log.info({ hash: result.hash.slice(0, 12) }, 'content unchanged');
    }
    return true;
  } catch (error) {
    log.error({ err: error, distDir }, 'content import failed: nothing was changed');
    return false;
  }
}

/** Whether the bundled content build differs from the one the database imported last. */
export async function bundledContentChanged(db: Database, distDir: string): Promise<boolean> {
  const file = path.join(distDir, CATALOGUE_FILE);
  if (!fs.existsSync(file)) return false;
  const hash = builtHashAtEnd(file);
  // A file whose hash is not at its end is parsed by the import itself, which then decides.
  return hash === null || (await importedHash(db)) !== hash;
}

export interface ContentImportProcess {
  /** The module the import process runs (`import-content.ts`, next to `server.ts`). */
  entry: string;
  env: NodeJS.ProcessEnv;
}

/**
 * Opens the server's database with the bundled content imported. Creating an embedded database and
 * importing the courses grow PGlite's WebAssembly memory and the heap to ~800 MB, which a process never
 * gives back (issue 15); so that work is done by a short-lived child process (`importer`) while this one
 * holds the data directory's lock, and the server opens the database once the child has exited. An
 * unchanged database (every start but the first and those after a content change) needs no child.
 */
export async function openDatabaseWithContent(
  target: DatabaseTarget,
  distDir: string,
  log: StartLog,
  importer: ContentImportProcess,
  onFault?: DatabaseFaultListener,
): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') return openPostgresWithContent(target, distDir, log, importer, onFault);
  const inMemory = target.directory === null;
  if (target.directory !== null && !embeddedDatabaseExists(target.directory)) {
    await runContentImportProcess(importer, distDir, log);
    return openDatabase(target, onFault);
  }
  const database = await openDatabase(target, onFault);
  if (inMemory) {
    // Nothing but this process can reach an in-memory database.
    await importBundledContent(database.db, distDir, log);
    return database;
  }
  if (!(await bundledContentChanged(database.db, distDir))) {
    await importBundledContent(database.db, distDir, log); // logs "content unchanged" or "no built content"
    return database;
  }
  // PGlite is one process's database: the child opens it once this process has closed it.
  await database.close();
  await runContentImportProcess(importer, distDir, log);
  return openDatabase(target, onFault);
}

/**
 * PostgreSQL: any number of instances may start at once on an empty database (issue 30). Each holds one
 * advisory lock from before the migration to after the import, so one of them migrates, decides and
 * imports while the others wait, and then find the courses imported and the content unchanged. Two
 * imports at once deadlocked one of them.
 */
async function openPostgresWithContent(
  target: Extract<DatabaseTarget, { kind: 'postgres' }>,
  distDir: string,
  log: StartLog,
  importer: ContentImportProcess,
  onFault?: DatabaseFaultListener,
): Promise<DatabaseHandle> {
  const release = await holdAdvisoryLock(target.url, CONTENT_START_LOCK_ID);
  try {
    const database = await openDatabase(target, onFault);
    try {
      if (await bundledContentChanged(database.db, distDir)) {
        await runContentImportProcess(importer, distDir, log);
      } else {
        await importBundledContent(database.db, distDir, log); // logs "content unchanged" or "no built content"
      }
      return database;
    } catch (error) {
      await database.close();
      throw error;
    }
  } finally {
    await release();
  }
}

/** Any constant shared by all instances, apart from the migration's own lock. */
const CONTENT_START_LOCK_ID = 4_815_162_344;

/**
 * Runs `importer.entry` in a child Node process (with this process's loader, so `tsx` in development) and
 * waits for it. The child logs its own outcome. An import that failed and was rolled back leaves the
 * content the database had and the child exits 0 (unless the database has no catalogue at all). A child
 * that fails outright (killed, crashed, or nothing to serve) throws here: the server must not start and
 * look healthy on a database it cannot vouch for; it exits non-zero for its supervisor to start it again
 * (issue 30). The child watches this process and ends with it (`import-content.ts`).
 */
export async function runContentImportProcess(
  importer: ContentImportProcess,
  distDir: string,
  log: StartLog,
): Promise<void> {
  const started = performance.now();
  const child = fork(importer.entry, [distDir], {
    execArgv: loaderArgv(importer.entry),
    env: importer.env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ended = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
    (resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code, signal) => resolve({ code, signal }));
    },
  );
  const fields = { importPid: child.pid, ms: Math.round(performance.now() - started) };
  if (ended.code === 0) {
    log.info(fields, 'database and content prepared by a child process');
    return;
  }
  log.error({ ...fields, ...ended }, 'the content import process failed');
  throw new Error(
    `the content import process (PID ${child.pid}) ended with ${ended.signal ?? `exit code ${ended.code}`}`,
  );
}

/** This process's Node options minus watching and debugging, plus tsx when the child is TypeScript. */
function loaderArgv(entry: string): string[] {
  const argv = process.execArgv.filter((arg) => !/^--(watch|inspect)/.test(arg));
  if (entry.endsWith('.ts') && !argv.some((arg) => arg.includes('tsx'))) {
    argv.push('--import', import.meta.resolve('tsx'));
  }
  return argv;
}
