import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Logger } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Transaction as PgliteTransaction, PGlite, Results } from '@electric-sql/pglite';
import type { Pool, PoolClient, QueryResult } from 'pg';
import type { DatabaseActivity } from '../lib/metrics.ts';
import {
  type DirectStatements,
  type SentStatement,
  namedStatementsOnPostgres,
  prepareNamedStatements,
  runNamedStatementsDirectly,
} from '../lib/named-statement.ts';
import { countedWork, trackActivityOf } from './pglite-activity.ts';
import { lockDataDirectory } from './pglite-lock.ts';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The connections in use and idle and the statements waiting, now (for /metrics). */
  activity(): DatabaseActivity;
  close(): Promise<void>;
  /**
   * PGlite: the whole database as PGlite's `dumpDataDir` writes it. The API tests open each file's database
   * as a copy of one migrated database, since creating one (initdb) and migrating it is most of an open.
   */
  copy?(): Promise<Blob>;
}

/**
 * Told the text of every statement the app sends through drizzle, on both engines (drizzle's public
 * `logger`): the tests count a request's statements with it. Empty in production, where it costs one call
 * per statement.
 */
export const statementListeners = new Set<(text: string) => void>();
const statementLogger: Logger = {
  logQuery(text) {
    for (const listener of statementListeners) listener(text);
  },
};

/**
 * The types drizzle leaves as the database's text on both engines (timestamps, dates, intervals and their
 * arrays; numeric[]): a named statement run without drizzle reads them the same way.
 */
const TYPES_KEPT_AS_TEXT = [1114, 1184, 1082, 1186, 1231, 1115, 1185, 1187, 1182];
const asText = (value: string) => value;

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
// Any constant shared by all instances: only one of them migrates at a time.
const MIGRATION_LOCK_ID = 4_815_162_342;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  /**
   * `lockHeld`: the caller already holds the directory's lock (`lockDataDirectory`) and keeps it when the
   * database closes — the server, across its content import process (ADR 024), and that process itself.
   */
  | {
      kind: 'pglite';
      directory: string | null;
      lockHeld?: boolean;
      /** In memory only: start as a copy of this database (`DatabaseHandle.copy`) instead of empty. */
      copyOf?: Blob;
    };

/** Whether `directory` already holds an embedded database (PGlite creates `pglite/` on its first open). */
export function embeddedDatabaseExists(directory: string): boolean {
  return fs.existsSync(path.join(directory, 'pglite', 'PG_VERSION'));
}

/**
 * PGlite runs PostgreSQL inside this process's WebAssembly memory, which never shrinks: with initdb's
 * 128 MB of shared buffers the idle server held ~130 MB more (issue 15: 505–520 MB RSS at idle). The
 * database files are read through the OS page cache anyway, so 16 MB of buffers measured no slower on the
 * lesson reads and table scans the app does (bench/README "Performance"). ADR 020.
 */
const pgliteSettings = ['-c', 'shared_buffers=16MB'];

/** Opens the database and applies pending migrations. `directory: null` is an in-memory PGlite. */
export async function openDatabase(
  target: DatabaseTarget,
  onFault: DatabaseFaultListener = warnOnFault,
): Promise<DatabaseHandle> {
  return target.kind === 'postgres'
    ? openPostgres(target.url, onFault)
    : openPglite(target.directory, target.lockHeld ?? false, target.copyOf);
}

/*
 * Each engine's driver is imported only when that engine is opened (ADR 020): PGlite's module and
 * WebAssembly cost a PostgreSQL server ~40 MB it never uses, and `pg` is not needed by an embedded one.
 */
async function openPglite(
  directory: string | null,
  lockHeld: boolean,
  copyOf: Blob | undefined,
): Promise<DatabaseHandle> {
  const unlock = directory === null || lockHeld ? () => {} : lockDataDirectory(directory);
  try {
    const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
    const pgliteStartParams = [...PGlite.defaultStartParams, ...pgliteSettings];
    const parsers = Object.fromEntries(TYPES_KEPT_AS_TEXT.map((type) => [type, asText]));
    /** Counts the database's work for the activity figures (metrics, ADR 020), through its public calls. */
    class Embedded extends PGlite {
      override transaction<T>(work: (tx: PgliteTransaction) => Promise<T>): Promise<T> {
        return countedWork(this, () => super.transaction(work));
      }
      override query<T>(...args: Parameters<PGlite['query']>): Promise<Results<T>> {
        return countedWork(this, () => super.query<T>(...args));
      }
      override exec(...args: Parameters<PGlite['exec']>): ReturnType<PGlite['exec']> {
        return countedWork(this, () => super.exec(...args));
      }
    }
    const client =
      directory === null
        ? new Embedded({ startParams: pgliteStartParams, parsers, loadDataDir: copyOf })
        : new Embedded(path.join(directory, 'pglite'), { startParams: pgliteStartParams, parsers });
    const activity = trackActivityOf(client);
    await client.waitReady;
    const db = drizzlePglite(client, { schema, logger: statementLogger }) as unknown as Database;
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    await prepareNamedStatements((text) => client.exec(text));
    const statementsOn = (runner: Pick<PGlite, 'exec' | 'query'>): DirectStatements => ({
      async execute(text) {
        statementLogger.logQuery(text, []);
        const results = await runner.exec(text);
        return results[results.length - 1]?.rows ?? [];
      },
      // Prepared ones in one call: each call is a round of PGlite's protocol.
      async all(sent) {
        if (sent.every((one) => one.execute !== undefined)) {
          for (const one of sent) statementLogger.logQuery(one.execute!, []);
          return (await runner.exec(sent.map((one) => one.execute).join(';\n'))).map(
            (results) => results.rows,
          );
        }
        const rows: unknown[][] = [];
        for (const one of sent) rows.push(await this.plain(one.name, one.text, one.params));
        return rows;
      },
      async plain(_name, text, params) {
        statementLogger.logQuery(text, params);
        return (await runner.query(text, params)).rows;
      },
    });
    runNamedStatementsDirectly(db, {
      ...statementsOn(client),
      transaction: (work) => client.transaction((tx) => work(statementsOn(tx))),
    });
    return {
      db,
      kind: 'pglite',
      activity,
      async close() {
        await client.close();
        unlock();
      },
      copy: () => client.dumpDataDir('none'),
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/** Where connection faults are reported; the server passes its logger, tests may listen. */
export type DatabaseFaultListener = (error: Error) => void;

const warnOnFault: DatabaseFaultListener = (error) =>
  process.emitWarning(`PostgreSQL connection lost: ${error.message}`);

/** Which statements each PostgreSQL connection prepared with SQL `PREPARE` (a completion's, `RunNamed.all`). */
const preparedOn = new WeakMap<PoolClient, Set<string>>();

async function openPostgres(url: string, onFault: DatabaseFaultListener): Promise<DatabaseHandle> {
  namedStatementsOnPostgres();
  const [{ default: pg }, { drizzle: drizzlePostgres }, { migrate: migratePostgres }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  // A request waiting for a connection gives up after 3 s (and answers 503) instead of hanging while
  // PostgreSQL is away; the pool opens fresh connections by itself once it is back.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 3_000 });
  // A client emits 'error' when its connection drops (restart, pg_terminate_backend, network). Without a
  // listener that is an "Unhandled 'error' event" that ends the process. The pool listens only on idle
  // clients, so every client gets its own listener as it connects, checked-out ones included; the
  // query in flight on it fails on its own and the request answers 503.
  pool.on('error', onFault);
  pool.on('connect', (client) => client.on('error', onFault));
  // Several app instances may start together: an advisory lock lets one of them migrate at a time.
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePostgres(drizzlePostgres(client), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    client.release();
  }
  const db = drizzlePostgres(pool, { schema, logger: statementLogger }) as unknown as Database;
  const keptAsText = new Set(TYPES_KEPT_AS_TEXT);
  const types = {
    getTypeParser: (type: number, format?: 'text' | 'binary') =>
      keptAsText.has(type) ? asText : pg.types.getTypeParser(type, format),
  };
  const statementsOn = (runner: Pool | PoolClient, begin = async () => {}): DirectStatements => ({
    async execute(text) {
      await begin();
      statementLogger.logQuery(text, []);
      return (await runner.query({ text, types })).rows;
    },
    async plain(name, text, params) {
      await begin();
      statementLogger.logQuery(text, params);
      return (await runner.query({ name, text, values: params, types })).rows;
    },
    async all(sent) {
      const rows: unknown[][] = [];
      for (const one of sent) rows.push(await this.plain(one.name, one.text, one.params));
      return rows;
    },
  });
  runNamedStatementsDirectly(db, {
    ...statementsOn(pool),
    // What drizzle's own transaction does on node-postgres (one client of the pool, BEGIN … COMMIT), with
    // fewer round trips: BEGIN goes with the first statements, and several statements (`RunNamed.all`) go
    // as one simple query of `EXECUTE`s, each prepared with SQL `PREPARE` once per connection under
    // `tx_<name>` (node-postgres's own prepared statements share the names without the prefix).
    async transaction(work) {
      const connection = await pool.connect();
      let prepared = preparedOn.get(connection);
      if (!prepared) preparedOn.set(connection, (prepared = new Set()));
      let begun = false;
      let discard: Error | undefined;
      const begin = async () => {
        if (!begun) await connection.query('begin');
        begun = true;
      };
      // Sends `head`, the statements as `EXECUTE`s and `tail` as one simple query, preparing first what this
      // connection has not: the statements' rows. A PREPARE outlives the transaction that failed after it,
      // so that connection is then closed.
      const executeAll = async (
        head: string[],
        sent: SentStatement[],
        executes: string[],
        tail: string[],
      ) => {
        const preparing = sent.filter((one) => !prepared.has(one.name));
        const text = [
          ...head,
          ...preparing.map((one) => `prepare tx_${one.name} as ${one.text}`),
          ...executes,
          ...tail,
        ].join(';\n');
        for (const one of executes) statementLogger.logQuery(one, []);
        if (preparing.length > 0) discard = new Error('a statement prepared in a failed transaction');
        const results = (await connection.query({ text, types })) as unknown as QueryResult | QueryResult[];
        discard = undefined;
        for (const one of preparing) prepared.add(one.name);
        const first = head.length + preparing.length;
        const list = Array.isArray(results) ? results : [results];
        return list.slice(first, first + executes.length).map((result) => result.rows);
      };
      const inside: DirectStatements = {
        ...statementsOn(connection, begin),
        async all(sent) {
          const executes = sent.map((one) => one.executeAs('tx_'));
          if (executes.some((text) => text === undefined)) return statementsOn(connection, begin).all(sent);
          const head = begun ? [] : ['begin'];
          // Begun even if the query fails after its BEGIN: the failed transaction is then rolled back,
          // not left open on the connection for the next request.
          begun = true;
          return executeAll(head, sent, executes as string[], []);
        },
        async last(sent) {
          final = sent;
        },
      };
      let final: SentStatement | undefined;
      let broken: Error | undefined;
      try {
        const result = await work(inside);
        const execute = final?.executeAs('tx_');
        if (final && execute !== undefined && begun) {
          // The last statement and the COMMIT as one query.
          await executeAll([], [final], [execute], ['commit']);
        } else {
          if (final) await inside.plain(final.name, final.text, final.params);
          if (begun) await connection.query('commit');
        }
        return result;
      } catch (error) {
        if (begun) {
          await connection.query('rollback').catch((failed: Error) => {
            broken = failed;
          });
        }
        throw error;
      } finally {
        // A connection that could not even roll back is closed, not given to the next request.
        connection.release(broken ?? discard);
      }
    },
  });
  return {
    db,
    kind: 'postgres',
    activity: () => ({
      inUse: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    close: () => pool.end(),
  };
}

/**
 * Takes a PostgreSQL advisory lock on a connection of its own and answers its release: the lock is held
 * while other processes (a content import child) work on the database through their own connections.
 */
export async function holdAdvisoryLock(url: string, lockId: number): Promise<() => Promise<void>> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {}); // a dropped connection frees the lock; the caller's own queries then fail
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [lockId]);
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  return async () => {
    await client.query('SELECT pg_advisory_unlock($1)', [lockId]).catch(() => {});
    await client.end().catch(() => {});
  };
}

/**
 * `isDatabaseUp` for a route polled by monitors and load balancers: requests that arrive while a probe is
 * in flight share its answer, so a burst of health checks costs one `select 1`, not one each. Every answer
 * still comes from a probe that started at most one round trip earlier.
 */
export function sharedDatabaseProbe(db: Database): () => Promise<boolean> {
  let inFlight: Promise<boolean> | null = null;
  return () =>
    (inFlight ??= isDatabaseUp(db).finally(() => {
      inFlight = null;
    }));
}

export async function isDatabaseUp(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
