import type { Query, SQL } from 'drizzle-orm';
import type * as Pglite from '@electric-sql/pglite';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';

const dialect = new PgDialect();

/**
 * A hot statement written once (ADR 026): drizzle's `sql` template with `sql.placeholder` for its values,
 * turned into SQL text the first time it runs and never again, then run by name. Drizzle's query builder
 * rebuilt the text of every statement on every request (21–45 % of the busy CPU of completions and the
 * overview, issue 15); on PostgreSQL the name also lets each connection parse and plan it once.
 *
 * It runs on whatever it is given — the pool or a transaction (drizzle's own `.prepare()` is bound to the
 * session it was made on, so it cannot serve the many transactions of a hot path). Rows come back as the
 * driver gives them; the statements return one `json` column where types matter, so PGlite and
 * node-postgres answer alike (`tests/learning-prepared-statements.test.ts` holds both to the same results).
 *
 * On PGlite, drizzle's driver ignores the name and PGlite parses and plans the text on every run (ADR 030):
 * outside a transaction the statement is therefore parsed once per database under its name and then only
 * bound and executed, as node-postgres does on PostgreSQL.
 */
export function preparedStatement<Row = Record<string, unknown>>(name: string, text: SQL) {
  let query: Query | null = null;
  return async (db: Database, values: Record<string, unknown>): Promise<Row[]> => {
    query ??= dialect.sqlToQuery(text);
    const session = db._.session as unknown as { client?: unknown };
    if (isEmbeddedDatabase(session.client)) {
      return runNamedOnPglite<Row>(session.client, name, query, values);
    }
    const embedded = transactionsOn.get(session.client as object);
    if (embedded) {
      return runNamedInPgliteTransaction<Row>(
        embedded,
        session.client as PgliteTransaction,
        name,
        query,
        values,
      );
    }
    const result = (await db._.session.prepareQuery(query, undefined, name, false).execute(values)) as {
      rows: Row[];
    };
    return result.rows;
  };
}

/** The parts of a PGlite instance this uses (a transaction's client has none of them). */
interface EmbeddedDatabase {
  _checkReady(): Promise<void>;
  _runExclusiveTransaction<T>(work: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(work: () => Promise<T>): Promise<T>;
  execProtocol(message: Uint8Array, options?: { syncToFs?: boolean }): Promise<{ messages: unknown[] }>;
  parsers: Record<number | string, (value: string, typeId?: number) => unknown>;
  serializers: Record<number | string, (value: unknown) => string>;
}

function isEmbeddedDatabase(client: unknown): client is EmbeddedDatabase {
  const candidate = client as Partial<EmbeddedDatabase> | null | undefined;
  return (
    typeof candidate?.execProtocol === 'function' &&
    typeof candidate._runExclusiveTransaction === 'function' &&
    typeof candidate._runExclusiveQuery === 'function'
  );
}

/**
 * The statements parsed on each PGlite instance, by name, with the types PostgreSQL gave their parameters
 * (a closed instance, and its statements, are forgotten).
 */
const parsedOn = new WeakMap<EmbeddedDatabase, Map<string, ParsedStatement>>();

/** PGlite's module, loaded by then: this runs only on a database it opened (ADR 020 keeps it lazy). */
let pgliteModule: Promise<typeof Pglite> | null = null;

/** Dates (and their arrays) stay the text PostgreSQL sent, as drizzle's PGlite driver keeps them. */
const keptAsText = new Set([1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182]);

type BackendMessage =
  | { name: 'rowDescription'; fields: Array<{ name: string; dataTypeID: number }> }
  | { name: 'dataRow'; fields: Array<string | null> }
  | { name: string };

interface Column {
  name: string;
  parse: ((value: string, typeId?: number) => unknown) | null;
  type: number;
}

/** A statement parsed on one instance: its parameters' types and its result's columns, with their parsers. */
interface ParsedStatement {
  parameterTypes: number[];
  columns: Column[];
}

/** A result's columns (as described once, when the statement was parsed), each with PGlite's parser. */
function columnsOf(messages: BackendMessage[], parsers: EmbeddedDatabase['parsers']): Column[] {
  const description = messages.find(
    (message): message is Extract<BackendMessage, { fields: unknown }> =>
      message.name === 'rowDescription' && 'fields' in message,
  );
  return ((description?.fields ?? []) as Array<{ name: string; dataTypeID: number }>).map((field) => ({
    name: field.name,
    type: field.dataTypeID,
    parse: keptAsText.has(field.dataTypeID) ? null : (parsers[field.dataTypeID] ?? null),
  }));
}

/**
 * The rows of one result, each value through PGlite's parser of its type. PGlite's own `parseResults`
 * copies its whole parser table on every call when given parsers (15 % of the overview's CPU).
 */
function rowsOf<Row>(messages: BackendMessage[], columns: Column[]): Row[] {
  const rows: Row[] = [];
  for (const message of messages) {
    if (message.name === 'dataRow' && 'fields' in message) {
      const row: Record<string, unknown> = {};
      (message.fields as Array<string | null>).forEach((value, index) => {
        const column = columns[index];
        if (!column) return;
        row[column.name] = value === null || column.parse === null ? value : column.parse(value, column.type);
      });
      rows.push(row as Row);
    }
  }
  return rows;
}

/**
 * A parameter as PGlite's own `query` sends it: through the instance's serializer of the parameter's
 * type (arrays, json, dates and booleans as PostgreSQL reads them), else as its text.
 */
function serializeParam(client: EmbeddedDatabase, type: number | undefined, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const serializer = type === undefined ? undefined : client.serializers[type];
  return serializer ? serializer(value) : String(value);
}

async function runNamedOnPglite<Row>(
  client: EmbeddedDatabase,
  name: string,
  query: Query,
  values: Record<string, unknown>,
): Promise<Row[]> {
  const params = paramsOf(query, values);
  await client._checkReady();
  // As PGlite's own query(): after any transaction in progress, and alone on the one connection.
  return client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(() => executeByName<Row>(client, name, query, params, { syncToFs: true })),
  );
}

/** The statement's parameters: placeholders filled from `values`, other values as written. */
function paramsOf(query: Query, values: Record<string, unknown>): unknown[] {
  return query.params.map((param) => {
    const placeholder = param as { name?: unknown } | null;
    return placeholder !== null && typeof placeholder === 'object' && typeof placeholder.name === 'string'
      ? values[placeholder.name]
      : param;
  });
}

/**
 * Parses `name` once per instance (describing its parameters' types and its result's columns, as PGlite's
 * own `query` does on every run), then binds and executes it in one `execProtocol`. The caller holds
 * PGlite's query lock. Inside a transaction the files are left for its COMMIT to sync (ADR 032).
 */
async function executeByName<Row>(
  client: EmbeddedDatabase,
  name: string,
  query: Query,
  params: unknown[],
  options: { syncToFs: boolean },
): Promise<Row[]> {
  const pglite = await (pgliteModule ??= import('@electric-sql/pglite'));
  const { serialize } = pglite.protocol;
  let parsed = parsedOn.get(client);
  if (!parsed) parsedOn.set(client, (parsed = new Map()));
  let statement = parsed.get(name);
  if (!statement) {
    // A protocol-level statement outlives the transaction it was parsed in, even a rolled-back one.
    const described = await client.execProtocol(
      concat([
        serialize.parse({ name, text: query.sql }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      options,
    );
    const messages = described.messages as Pglite.messages.BackendMessage[];
    statement = {
      parameterTypes: pglite.parse.parseDescribeStatementResults(messages),
      // A prepared statement's result columns are fixed when it is parsed (PostgreSQL refuses to run it
      // if a schema change would alter them), so they are described once here, not on every run.
      columns: columnsOf(messages as BackendMessage[], client.parsers),
    };
    parsed.set(name, statement);
  }
  const { parameterTypes, columns } = statement;
  const { messages } = await client.execProtocol(
    concat([
      serialize.bind({
        statement: name,
        values: params.map((value, index) => serializeParam(client, parameterTypes[index], value)),
      }),
      serialize.execute({}),
      serialize.sync(),
    ]),
    options,
  );
  return rowsOf<Row>(messages as BackendMessage[], columns);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((length, part) => length + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.byteLength;
  }
  return joined;
}

/** The part of a PGlite transaction (what drizzle's transaction session holds) this uses. */
interface PgliteTransaction {
  readonly closed: boolean;
}

/** Each open PGlite transaction and the instance it runs on (ADR 032). */
const transactionsOn = new WeakMap<object, EmbeddedDatabase>();

/**
 * Called by the instance as each of its transactions opens (db/client.ts), so statements given that
 * transaction run by name on the instance (ADR 032). A PGlite transaction object has no way back to it.
 */
export function openedPgliteTransaction(transaction: object, on: unknown): void {
  if (isEmbeddedDatabase(on)) transactionsOn.set(transaction, on);
}

/**
 * A named statement inside a PGlite transaction (ADR 032). The transaction holds the instance's
 * transaction lock from BEGIN to COMMIT, so nothing of another request runs in between; only the query
 * lock is taken, as PGlite's own statements in a transaction do, and the files are synced by the COMMIT.
 * Without it, each statement of a completion was parsed and planned again on every run (ADR 030).
 */
async function runNamedInPgliteTransaction<Row>(
  client: EmbeddedDatabase,
  transaction: PgliteTransaction,
  name: string,
  query: Query,
  values: Record<string, unknown>,
): Promise<Row[]> {
  const params = paramsOf(query, values);
  return client._runExclusiveQuery(async () => {
    // As PGlite's own transaction does: a statement after COMMIT or ROLLBACK is a bug, never run outside.
    if (transaction.closed) throw new Error('Transaction is closed');
    return executeByName<Row>(client, name, query, params, { syncToFs: false });
  });
}
