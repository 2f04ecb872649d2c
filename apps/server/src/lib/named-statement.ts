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
 * text, under its name outside a transaction (node-postgres then prepares it once per connection).
 */
export function namedStatement<Row = Record<string, unknown>>(name: string, text: SQL) {
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

  return async (db: Database, values: Record<string, unknown>): Promise<Row[]> => {
    const params = fillPlaceholders(statement.params, values);
    const literals = params.map(literalOf);
    const prepared =
      statement.onEveryEmbedded &&
      embeddedOpened &&
      !postgresOpened &&
      literals.every((literal) => literal !== undefined);
    const direct = directRuns.get(db);
    if (direct) {
      return (
        prepared ? direct.execute(executeText(name, literals)) : direct.plain(name, statement.text, params)
      ) as Promise<Row[]>;
    }
    const run = prepared ? sql.raw(executeText(name, literals)) : withParams(statement.pieces, params);
    const result = (await db.execute(run)) as unknown as { rows: Row[] };
    return result.rows;
  };
}

/**
 * How a database opened by `db/client.ts` runs a named statement itself, outside a transaction, through its
 * driver's public query call. Why: drizzle sends its own type parsers with every query, and PGlite merges
 * them into a fresh parser table each time, which cost the overview about a third of its CPU; and
 * node-postgres, given the statement's name, parses and plans it once per connection. Inside a
 * transaction (no direct run for `tx`) the statement goes through drizzle.
 */
export interface DirectRun {
  /** `EXECUTE name(…)`, text that holds its values: the rows. */
  execute(text: string): Promise<unknown[]>;
  /** The plain text with its values as parameters: the rows. */
  plain(name: string, text: string, params: unknown[]): Promise<unknown[]>;
}

const directRuns = new WeakMap<Database, DirectRun>();

export function runNamedStatementsDirectly(db: Database, run: DirectRun): void {
  directRuns.set(db, run);
}

/** `EXECUTE name('v1', …)`: every value a quoted literal, which PostgreSQL reads as the parameter's type. */
function executeText(name: string, literals: Array<string | null | undefined>): string {
  const head = `/* ${name} */ execute ${name}`;
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
