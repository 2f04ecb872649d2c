import { fillPlaceholders, sql, type GetColumnData, type SQL } from 'drizzle-orm';
import { PgDatabase, PgDialect, type PgColumn, type PgSession, type PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';

const dialect = new PgDialect();

/**
 * Drizzle's query builders with no connection behind them (what drizzle's own `drizzle.mock()` makes, without
 * importing a driver): a named statement's query is built with them, typed by the schema, and handed to
 * `namedStatement` as `query.getSQL()`. They never run anything.
 */
export const queryText = new PgDatabase(dialect, undefined as unknown as PgSession, undefined);

type Columns = Record<string, PgColumn>;

/**
 * `columns` selected as `<prefix><key>`: a named statement's rows come back as the driver gives them, keyed
 * by column name, so one row can hold several tables' columns without two `id`s meeting.
 */
export function selectedAs(prefix: string, columns: Columns): Record<string, SQL.Aliased> {
  return Object.fromEntries(
    Object.entries(columns).map(([key, column]) => [`${prefix}${key}`, sql`${column}`.as(`${prefix}${key}`)]),
  );
}

/**
 * A selection (`selectedAs`) as one `json` column, `row`, keyed as it was: one value for the driver to parse
 * instead of one per column (on PGlite, its per-field parsing cost the overview a quarter of its CPU).
 * `rowOf` reads it as it reads the columns; a timestamp comes as JSON writes it, which its column reads.
 */
export function jsonRow(selection: Record<string, SQL.Aliased>): {
  row: SQL.Aliased<Record<string, unknown>>;
} {
  const pairs = Object.entries(selection).map(
    ([key, aliased]) => sql`${sql.raw(`'${key}'`)}, ${aliased.sql}`,
  );
  return { row: sql<Record<string, unknown>>`json_build_object(${sql.join(pairs, sql`, `)})`.as('row') };
}

/**
 * A placeholder for each of `columns`, named `<prefix><key>` and written as its column writes a value (a
 * jsonb column's JSON text, an array's literal): a named write's `values` or `set`.
 */
export function placeholdersFor<C extends Columns>(columns: C, prefix = ''): { [K in keyof C]: SQL } {
  return Object.fromEntries(
    Object.entries(columns).map(([key, column]) => [
      key,
      sql`${sql.param(sql.placeholder(`${prefix}${key}`), column)}`,
    ]),
  ) as { [K in keyof C]: SQL };
}

/**
 * `insert into <table> (<columns>) select … from json_populate_recordset(…)`: any number of rows as one JSON
 * parameter named `rows` (`rowsAsJson`), so the text is the same for every count and can be named. Columns
 * left out take their defaults. `onConflict`: rows already there are left alone, or get `update`'s columns
 * from the new row.
 */
export function insertRowsFromJson(
  table: PgTable,
  columns: Columns,
  {
    rows = 'rows',
    onConflict,
  }: { rows?: string; onConflict?: 'nothing' | { target: PgColumn[]; update: Columns } } = {},
): SQL {
  const names = (list: PgColumn[]) =>
    sql.join(
      list.map((column) => sql.identifier(column.name)),
      sql`, `,
    );
  const conflict =
    onConflict === undefined
      ? sql``
      : onConflict === 'nothing'
        ? sql` on conflict do nothing`
        : sql` on conflict (${names(onConflict.target)}) do update set ${sql.join(
            Object.values(onConflict.update).map(
              (column) => sql`${sql.identifier(column.name)} = excluded.${sql.identifier(column.name)}`,
            ),
            sql`, `,
          )}`;
  const listed = names(Object.values(columns));
  return sql`insert into ${table} (${listed}) select ${listed}
    from json_populate_recordset(null::${table}, ${sql.placeholder(rows)}::json)${conflict}`;
}

/** The `rows` of `insertRowsFromJson`: each value as its column writes it, keyed by column name. */
export function rowsAsJson<C extends Columns>(
  columns: C,
  rows: ReadonlyArray<{ [K in keyof C]?: GetColumnData<C[K]> | null }>,
): string {
  const entries = Object.entries(columns);
  return JSON.stringify(
    rows.map((row) =>
      Object.fromEntries(
        entries.map(([key, column]) => {
          const value = row[key] ?? null;
          // A json column's value stays an object in the JSON; others as the driver would get them.
          const json = column.getSQLType() === 'jsonb' || column.getSQLType() === 'json';
          return [column.name, value === null || json ? value : column.mapToDriverValue(value)];
        }),
      ),
    ),
  );
}

/**
 * The `<prefix>…` columns of a named statement's row (`selectedAs`), each read by its own column as drizzle
 * reads it, so they have the schema's types; null when every one is null (an outer join that found no row).
 */
export function rowOf<C extends Columns>(
  prefix: string,
  columns: C,
  row: Record<string, unknown>,
): { [K in keyof C]: GetColumnData<C[K]> } | null {
  const values: Record<string, unknown> = {};
  let found = false;
  for (const [key, column] of Object.entries(columns)) {
    const value = row[`${prefix}${key}`];
    found ||= value !== null && value !== undefined;
    values[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return found ? (values as { [K in keyof C]: GetColumnData<C[K]> }) : null;
}

/** A hot statement: its name, its text with `$1` … `$n`, and its parameters (placeholders) in order. */
interface Statement {
  name: string;
  text: string;
  /** The text cut at `$1` … `$n`, to send it plain with the values as parameters. */
  pieces: string[];
  params: unknown[];
  /** Defined before any embedded database opened, so every one of them prepared it (below). */
  onEveryEmbedded: boolean;
}

const statements: Statement[] = [];
let embeddedOpened = false;
let postgresOpened = false;

/**
 * A hot statement written once (ADR 026): drizzle's `sql` template with `sql.placeholder` for its values,
 * run with `(db, values)` on the pool or inside a transaction. `name` leads the text as an SQL comment, so
 * logs and the tests' statement counts can tell which statement ran. Rows come back as the driver gives
 * them; the statements return one `json` column where types matter, so both engines answer alike.
 *
 * Why a named statement (ADR 049): PGlite parses and plans every statement it is sent, which cost the
 * learner's overview read three times its execution. So on PGlite each one is prepared once per database
 * with SQL `PREPARE` when the database opens (`prepareNamedStatements`), and runs as `EXECUTE name(…)`
 * with its values written as quoted literals (drizzle's public `escapeString`). PostgreSQL runs the plain
 * text under its name (node-postgres then prepares it once per connection), but for drizzle's
 * `db.transaction`; `inTransaction`'s `run.all` sends `EXECUTE`s there too (db/client.ts).
 */
export function namedStatement<Row = Record<string, unknown>>(name: string, text: SQL): NamedStatement<Row> {
  if (!/^[a-z][a-z0-9_]*$/.test(name) || statements.some((statement) => statement.name === name)) {
    throw new Error(`named statement '${name}': a new lower-case SQL name is needed`);
  }
  const query = dialect.sqlToQuery(text);
  const statementText = `/* ${name} */ ${query.sql}`;
  const statement: Statement = {
    name,
    text: statementText,
    pieces: statementText.split(/\$\d+\b/),
    params: query.params,
    onEveryEmbedded: !embeddedOpened,
  };
  if (statement.pieces.length !== statement.params.length + 1) {
    throw new Error(`named statement '${name}': its text and its parameters do not match`);
  }
  statements.push(statement);

  /** What runs: `EXECUTE name(…)` on an embedded database that prepared it, else the plain text. */
  const sentOf = (values: Record<string, unknown>): Sent => {
    const params = fillPlaceholders(statement.params, values);
    const literals = params.map(literalOf);
    const prepared =
      statement.onEveryEmbedded &&
      embeddedOpened &&
      !postgresOpened &&
      literals.every((literal) => literal !== undefined);
    return {
      execute: prepared ? executeText(name, literals) : undefined,
      executeAs: (prefix: string) =>
        literals.every((literal) => literal !== undefined) ? executeText(name, literals, prefix) : undefined,
      name,
      text: statement.text,
      params,
    };
  };
  const named: NamedStatement<Row> = async (db, values) =>
    (await runOne(directRuns.get(db), db, sentOf(values), statement.pieces)) as Row[];
  sending.set(named, { sentOf, pieces: statement.pieces });
  return named;
}

/** A named statement: run with `(db, values)` on the pool or a drizzle transaction, or by a `RunNamed`. */
export type NamedStatement<Row = Record<string, unknown>> = (
  db: Database,
  values: Record<string, unknown>,
) => Promise<Row[]>;

/** A named statement as it is sent. */
export interface SentStatement {
  /** `EXECUTE name(…)` when the statement is prepared on this (embedded) database. */
  execute: string | undefined;
  name: string;
  text: string;
  params: unknown[];
  /** `EXECUTE <prefix>name(…)`, for a driver that prepares it under `<prefix>name` itself; undefined when a value has no literal. */
  executeAs(prefix: string): string | undefined;
}
type Sent = SentStatement;
const sending = new WeakMap<
  object,
  { sentOf: (values: Record<string, unknown>) => Sent; pieces: string[] }
>();

async function runOne(
  direct: DirectStatements | undefined,
  db: Database | null,
  sent: Sent,
  pieces: string[],
): Promise<unknown[]> {
  if (direct) {
    return sent.execute !== undefined
      ? direct.execute(sent.execute)
      : direct.plain(sent.name, sent.text, sent.params);
  }
  const query = sent.execute !== undefined ? sql.raw(sent.execute) : withParams(pieces, sent.params);
  return ((await db!.execute(query)) as unknown as { rows: unknown[] }).rows;
}

/** A named statement with its values, for `RunNamed.all`. */
export type Call<Row> = readonly [NamedStatement<Row>, Record<string, unknown>];

/** Runs named statements on one database or inside `inTransaction`'s transaction: their rows. */
export interface RunNamed {
  <Row>(statement: NamedStatement<Row>, values: Record<string, unknown>): Promise<Row[]>;
  /**
   * Several, one after the other, each its own statement (its own snapshot). An embedded database gets
   * them in one call of its driver when all are prepared: each call is a round of PGlite's protocol.
   */
  all<Rows extends unknown[]>(
    ...calls: { [K in keyof Rows]: Call<Rows[K]> }
  ): Promise<{ [K in keyof Rows]: Array<Rows[K]> }>;
  /**
   * The transaction's last statement, whose rows are not needed: on PostgreSQL it is sent with the COMMIT
   * as one query (a round trip fewer); elsewhere it runs at once. Its failure fails the transaction.
   */
  last(statement: NamedStatement<unknown>, values: Record<string, unknown>): Promise<void>;
}

function runner(direct: DirectStatements | undefined, db: Database | null): RunNamed {
  const one = (statement: object, values: Record<string, unknown>) => {
    const { sentOf, pieces } = sending.get(statement)!;
    return runOne(direct, db, sentOf(values), pieces);
  };
  const run = (<Row>(statement: NamedStatement<Row>, values: Record<string, unknown>) =>
    one(statement, values) as Promise<Row[]>) as RunNamed;
  run.all = (async (...calls: Array<Call<unknown>>) => {
    if (direct) return direct.all(calls.map(([statement, values]) => sending.get(statement)!.sentOf(values)));
    const rows: unknown[][] = [];
    for (const [statement, values] of calls) rows.push(await one(statement, values));
    return rows;
  }) as RunNamed['all'];
  run.last = async (statement, values) => {
    if (direct?.last) return direct.last(sending.get(statement)!.sentOf(values));
    await one(statement, values);
  };
  return run;
}

/** `run` as it is, or one that runs named statements on `db` (a repository's read used inside and out). */
export function runnerOf(db: Database | RunNamed): RunNamed {
  return typeof db === 'function' ? db : runner(directRuns.get(db), db);
}

/**
 * Named statements in one transaction, all or nothing: `work` runs them with `run` and the transaction
 * commits when it resolves, rolls back when it throws. Why not drizzle's `db.transaction` (ADR 051): inside
 * it every statement goes through drizzle, which hands PGlite its type parsers with each query (PGlite
 * copies its parser table per query) and sends the plain text (parsed and planned each time), and a
 * completion's half-dozen statements then cost twice main's whole completion. This runs them through the
 * driver's public transaction (PGlite's `transaction`, a node-postgres pool client's BEGIN/COMMIT) as
 * prepared statements. Only named statements run inside: a drizzle query on `db` would wait for this
 * transaction forever on PGlite (one connection). On a database without a direct run (a drizzle
 * transaction), drizzle runs them.
 */
export function inTransaction<T>(db: Database, work: (run: RunNamed) => Promise<T>): Promise<T> {
  const direct = directRuns.get(db);
  if (direct) return direct.transaction((inside) => work(runner(inside, null)));
  return db.transaction((tx) => work(runner(undefined, tx as unknown as Database)));
}

/**
 * How a database opened by `db/client.ts` runs a named statement itself, outside a transaction, through its
 * driver's public query call. Why: drizzle sends its own type parsers with every query, and PGlite merges
 * them into a fresh parser table each time, which cost the overview about a third of its CPU; and
 * node-postgres, given the statement's name, parses and plans it once per connection. Inside drizzle's
 * `db.transaction` (no direct run for `tx`) the statement goes through drizzle; inside `inTransaction`,
 * through the driver's own transaction (`transaction`).
 */
export interface DirectStatements {
  /** `EXECUTE name(…)`, text that holds its values: the rows. */
  execute(text: string): Promise<unknown[]>;
  /** The plain text with its values as parameters: the rows. */
  plain(name: string, text: string, params: unknown[]): Promise<unknown[]>;
  /** Several, one after the other (`RunNamed.all`): each one's rows. */
  all(sent: SentStatement[]): Promise<unknown[][]>;
  /** Inside a transaction, a driver that can send it with the COMMIT (`RunNamed.last`) keeps it for then. */
  last?(sent: SentStatement): Promise<void>;
}

export interface DirectRun extends DirectStatements {
  /** `work` inside one transaction of the driver's, its statements run by what it is given (`inTransaction`). */
  transaction<T>(work: (inside: DirectStatements) => Promise<T>): Promise<T>;
}

const directRuns = new WeakMap<Database, DirectRun>();

export function runNamedStatementsDirectly(db: Database, run: DirectRun): void {
  directRuns.set(db, run);
}

/** `EXECUTE name('v1', …)`: every value a quoted literal, which PostgreSQL reads as the parameter's type. */
function executeText(name: string, literals: Array<string | null | undefined>, prefix = ''): string {
  const head = `/* ${name} */ execute ${prefix}${name}`;
  if (literals.length === 0) return head;
  const quoted = literals.map((literal) => (literal == null ? 'null' : dialect.escapeString(literal)));
  return `${head}(${quoted.join(', ')})`;
}

/** The plain statement with its values sent as parameters. */
function withParams(pieces: string[], params: unknown[]): SQL {
  const chunks: SQL[] = [];
  pieces.forEach((piece, index) => {
    chunks.push(sql.raw(piece));
    if (index < params.length) chunks.push(sql`${sql.param(params[index])}`);
  });
  return sql.join(chunks);
}

/** A value as literal text; undefined for a kind the statements never pass (then it runs plain). */
function literalOf(value: unknown): string | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value);
  }
  if (value instanceof Date) return value.toISOString();
  return undefined;
}

/**
 * Prepares every hot statement defined so far on an embedded database that just opened. One defined later
 * (a module imported after a database opened), or one this database cannot prepare (its tables come later),
 * runs plain from then on, as every statement does once a PostgreSQL database opened in this process.
 */
export async function prepareNamedStatements(exec: (text: string) => Promise<unknown>): Promise<void> {
  embeddedOpened = true;
  for (const statement of statements) {
    if (!statement.onEveryEmbedded) continue;
    await exec(`prepare ${statement.name} as ${statement.text}`).catch(() => {
      statement.onEveryEmbedded = false;
    });
  }
}

export function namedStatementsOnPostgres(): void {
  postgresOpened = true;
}
