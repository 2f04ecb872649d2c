import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';

const dialect = new PgDialect();

/** A statement's SQL text cut at its parameters (`$1`, `$2`, …), and its parameters in order. */
interface CompiledStatement {
  pieces: string[];
  params: unknown[];
}

/**
 * A hot statement written once (ADR 026): drizzle's `sql` template with `sql.placeholder` for its values.
 * Its text is worked out by drizzle's dialect the first time it runs; every run then fills the values in
 * and sends it with drizzle's public `execute`, on whatever it is given: the pool or a transaction. Rows
 * come back as the driver gives them; the statements return one `json` column where types matter, so PGlite
 * and node-postgres answer alike (`tests/learning-named-statements.test.ts` holds both to the same
 * results). `name` leads the text as an SQL comment, so logs and the tests' statement counts can tell
 * which statement ran; the drivers are not asked to prepare it under that name, since no
 * public API of PGlite or drizzle runs a named statement inside a transaction (issue 33).
 */
export function namedStatement<Row = Record<string, unknown>>(name: string, text: SQL) {
  let compiled: CompiledStatement | null = null;
  return async (db: Database, values: Record<string, unknown>): Promise<Row[]> => {
    compiled ??= compile(name, text);
    const params = fillPlaceholders(compiled.params, values);
    const chunks: SQL[] = [];
    compiled.pieces.forEach((piece, index) => {
      chunks.push(sql.raw(piece));
      if (index < params.length) chunks.push(sql`${sql.param(params[index])}`);
    });
    const result = (await db.execute(sql.join(chunks))) as unknown as { rows: Row[] };
    return result.rows;
  };
}

/** Cuts the statement's text at `$1` … `$n`, which the dialect numbers in the order of its parameters. */
function compile(name: string, text: SQL): CompiledStatement {
  const query = dialect.sqlToQuery(text);
  const parts = query.sql.split(/\$(\d+)\b/);
  const pieces: string[] = [];
  parts[0] = `/* ${name} */ ${parts[0] ?? ''}`;
  parts.forEach((part, index) => {
    if (index % 2 === 0) pieces.push(part);
    else if (Number(part) !== (index + 1) / 2) {
      throw new Error(`statement ${name}: parameter $${part} is out of order`);
    }
  });
  if (pieces.length !== query.params.length + 1) {
    throw new Error(
      `statement ${name}: ${pieces.length - 1} parameters in its text, ${query.params.length} given`,
    );
  }
  return { pieces, params: query.params };
}
