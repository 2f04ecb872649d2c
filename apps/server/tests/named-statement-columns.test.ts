import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namedStatement } from '../src/lib/named-statement.ts';
import { createTestApp, type TestApp } from './helper.ts';

/*
 * A hot statement (ADR 026) answers the columns, types and rows the query builder reads, on either engine,
 * whatever the result: rows, no row, or no columns at all (a write without `returning`).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.execute(sql`
    create table prepared_columns (id serial primary key, label text not null, at timestamptz not null,
      doc jsonb, score double precision)`);
});
afterAll(async () => {
  await t.close();
});

const insert = namedStatement<{ id: number; label: string }>(
  'test_columns_insert',
  sql`insert into prepared_columns (label, at, doc, score)
      values (${sql.placeholder('label')}, ${sql.placeholder('at')}::timestamptz, ${sql.placeholder('doc')},
              ${sql.placeholder('score')})
      returning id, label`,
);
const read = namedStatement(
  'test_columns_read',
  sql`select id, label, at, doc, score, score is null as unscored from prepared_columns
      where label like ${sql.placeholder('pattern')} order by id`,
);
const relabel = namedStatement(
  'test_columns_relabel',
  sql`update prepared_columns set label = ${sql.placeholder('to')} where label = ${sql.placeholder('from')}`,
);

async function builderRead(pattern: string) {
  const result = await t.database.db.execute(
    sql`select id, label, at, doc, score, score is null as unscored from prepared_columns
        where label like ${pattern} order by id`,
  );
  return (result as unknown as { rows: unknown[] }).rows;
}

describe('a named statement run many times', () => {
  it('answers what the query builder reads, run after run, rows or none', async () => {
    const at = '2026-11-24T10:00:00.123Z';
    for (const [label, score] of [
      ['a-1', 1.5],
      ['a-2', null],
      ['b-1', 3],
    ] as const) {
      const [row] = await insert(t.database.db, { label, at, doc: { label, list: [1, 2] }, score });
      expect(row?.label).toBe(label);
      expect(typeof row?.id).toBe('number');
    }
    for (let run = 0; run < 3; run += 1) {
      for (const pattern of ['a-%', 'b-%', 'none-%']) {
        expect(await read(t.database.db, { pattern })).toEqual(await builderRead(pattern));
      }
    }
    const [first] = await read(t.database.db, { pattern: 'a-1' });
    expect(first).toMatchObject({
      label: 'a-1',
      doc: { label: 'a-1', list: [1, 2] },
      score: 1.5,
      unscored: false,
    });
    expect(await read(t.database.db, { pattern: 'none-%' })).toEqual([]);
  });

  it('answers no rows for a write without `returning`, and the write is done', async () => {
    expect(await relabel(t.database.db, { from: 'b-1', to: 'c-1' })).toEqual([]);
    expect(await relabel(t.database.db, { from: 'c-1', to: 'd-1' })).toEqual([]);
    expect(await read(t.database.db, { pattern: 'd-%' })).toEqual(await builderRead('d-%'));
    expect((await read(t.database.db, { pattern: 'd-%' })).length).toBe(1);
  });
});
