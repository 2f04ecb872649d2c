import type { Query, SQL } from 'drizzle-orm';
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
 * node-postgres answer alike (`tests/prepared-statements.test.ts` holds both to the same results).
 */
export function preparedStatement<Row = Record<string, unknown>>(name: string, text: SQL) {
  let query: Query | null = null;
  return async (db: Database, values: Record<string, unknown>): Promise<Row[]> => {
    query ??= dialect.sqlToQuery(text);
    const result = (await db._.session.prepareQuery(query, undefined, name, false).execute(values)) as {
      rows: Row[];
    };
    return result.rows;
  };
}
