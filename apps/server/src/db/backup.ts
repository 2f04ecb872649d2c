import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { embeddedDatabaseExists } from './client.ts';
import { lockDataDirectory } from './pglite-lock.ts';

const run = promisify(execFile);

/** The database a backup is taken from or restored into: PostgreSQL, or the embedded one in DATA_DIR. */
export type BackupTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

/**
 * Writes a backup of the database to `file` (issue 30 item 17).
 *
 * - PGlite: the data directory as PGlite's own `dumpDataDir` writes it (a gzipped tar), taken while this
 *   process holds the directory's lock, so the server must be stopped (a running one is named and the
 *   backup refused): nothing writes while the files are read, and the copy is consistent.
 * - PostgreSQL: `pg_dump --format=custom` of the whole database, taken from a consistent snapshot while the
 *   servers keep running. `pg_dump` must be installed (the PostgreSQL client, at least the server's version).
 */
export async function backupDatabase(target: BackupTarget, file: string): Promise<void> {
  await fs.mkdir(path.dirname(path.resolve(file)), { recursive: true });
  if (target.kind === 'postgres') {
    await postgresTool('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${file}`,
      `--dbname=${target.url}`,
    ]);
    return;
  }
  if (!embeddedDatabaseExists(target.dataDir)) {
    throw new Error(
      `No embedded database in ${target.dataDir} (set DATA_DIR, or DATABASE_URL for PostgreSQL).`,
    );
  }
  const unlock = lockDataDirectory(target.dataDir);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const database = new PGlite(path.join(target.dataDir, 'pglite'));
    try {
      await database.waitReady;
      const dump = await database.dumpDataDir('gzip');
      const written = `${file}.partial`;
      await fs.writeFile(written, Buffer.from(await dump.arrayBuffer()));
      await fs.rename(written, file);
    } finally {
      await database.close();
    }
  } finally {
    unlock();
  }
}

/**
 * Restores a backup made by `backupDatabase` into an empty target: a DATA_DIR without a database, or a
 * PostgreSQL database without tables. It never writes over data; the server applies newer migrations
 * when it starts on the restored database.
 */
export async function restoreDatabase(target: BackupTarget, file: string): Promise<void> {
  const backup = await fs.readFile(file);
  if (target.kind === 'postgres') {
    if (!(await isEmptyPostgres(target.url))) {
      throw new Error('The target PostgreSQL database has tables: restore into a new, empty database.');
    }
    await postgresTool('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${target.url}`,
      file,
    ]);
    return;
  }
  if (embeddedDatabaseExists(target.dataDir)) {
    throw new Error(`${target.dataDir} already holds a database: restore into a new, empty DATA_DIR.`);
  }
  const unlock = lockDataDirectory(target.dataDir);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const database = new PGlite(path.join(target.dataDir, 'pglite'), { loadDataDir: new Blob([backup]) });
    try {
      await database.waitReady;
      await database.query('select 1');
    } finally {
      await database.close();
    }
  } finally {
    unlock();
  }
}

async function isEmptyPostgres(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ tables: number }>(
      `select count(*)::int as tables from information_schema.tables
       where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    return rows[0]?.tables === 0;
  } finally {
    await client.end();
  }
}

async function postgresTool(tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  try {
    await run(tool, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT') {
      throw new Error(
        `${tool} was not found: install the PostgreSQL client tools (e.g. apt-get install postgresql-client).`,
      );
    }
    throw new Error(`${tool} failed: ${failure.stderr?.trim() || failure.message}`);
  }
}
