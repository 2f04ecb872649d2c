import { and, arrayContains, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namedStatement } from '../src/lib/named-statement.ts';
import { createTestApp, testDatabaseKind, type TestApp } from './helper.ts';

/*
 * The values a hot statement sends (ADR 026) reach the database as the query builder's do, on either
 * engine. Each row is written once by the hot statement and once by the builder, then read back by the builder; the filters run
 * both ways and must pick the same rows.
 */
const kinds = pgTable('prepared_value_kinds', {
  id: serial('id').primaryKey(),
  at: timestamp('at', { withTimezone: true }),
  doc: jsonb('doc'),
  flags: boolean('flags').array(),
  counts: integer('counts').array(),
  whole: integer('whole'),
  fraction: doublePrecision('fraction'),
  yes: boolean('yes'),
  note: text('note'),
});
type Kinds = typeof kinds.$inferInsert;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.execute(sql`
    create table prepared_value_kinds (
      id serial primary key, at timestamptz, doc jsonb, flags boolean[], counts integer[], whole integer,
      fraction double precision, yes boolean, note text)`);
});
afterAll(async () => {
  await t.close();
});

const insertByName = namedStatement<{ id: number }>(
  'test_insert_value_kinds',
  sql`insert into prepared_value_kinds (at, doc, flags, counts, whole, fraction, yes, note)
      values (${sql.placeholder('at')}, ${sql.placeholder('doc')}, ${sql.placeholder('flags')},
              ${sql.placeholder('counts')}, ${sql.placeholder('whole')}, ${sql.placeholder('fraction')},
              ${sql.placeholder('yes')}, ${sql.placeholder('note')})
      returning id`,
);

const pickByName = namedStatement<{ id: number }>(
  'test_pick_value_kinds',
  sql`select id from prepared_value_kinds
      where at > ${sql.placeholder('after')} and flags @> ${sql.placeholder('flags')}
        and yes = ${sql.placeholder('yes')} and note is null and whole = ${sql.placeholder('whole')}
      order by id`,
);

const rows: Kinds[] = [
  {
    at: new Date('2026-11-24T19:15:00.123Z'),
    doc: { name: 'Kenji', nested: { days: [1, 2, 3] }, quote: 'it\'s "fine"', none: null },
    flags: [true, false, true, true, false, false, true],
    counts: [0, -5, 2_147_483_647],
    whole: 42,
    fraction: 0.1 + 0.2,
    yes: true,
    note: null,
  },
  {
    at: new Date('2025-01-01T00:00:00Z'),
    doc: { empty: {}, list: ['a', 'b'] },
    flags: [false],
    counts: [],
    whole: -7,
    fraction: -1.5e-7,
    yes: false,
    note: 'ünïcödé, {braces}, "quotes", \\ backslash',
  },
  { at: null, doc: null, flags: null, counts: null, whole: null, fraction: null, yes: null, note: null },
];

describe(`named statements send values as the query builder does (${testDatabaseKind})`, () => {
  it('writes dates, json, arrays, null, numbers and booleans that read back as the builder’s do', async () => {
    const { db } = t.database;
    for (const row of rows) {
      const [byName] = await insertByName(db, { ...row });
      const [byBuilder] = await db.insert(kinds).values(row).returning({ id: kinds.id });
      const [named] = await db.select().from(kinds).where(eq(kinds.id, byName!.id));
      const [built] = await db.select().from(kinds).where(eq(kinds.id, byBuilder!.id));
      expect({ ...named, id: 0 }).toEqual({ ...built, id: 0 });
      expect({ ...named, id: 0 }).toEqual({ ...row, id: 0 });
    }
  });

  it('filters by a date, an array, a boolean and a number as the builder does', async () => {
    const { db } = t.database;
    const filter = { after: new Date('2026-01-01T00:00:00Z'), flags: [true, false], yes: true, whole: 42 };
    const byName = await pickByName(db, filter);
    const byBuilder = await db
      .select({ id: kinds.id })
      .from(kinds)
      .where(
        and(
          gt(kinds.at, filter.after),
          arrayContains(kinds.flags, filter.flags),
          eq(kinds.yes, filter.yes),
          isNull(kinds.note),
          eq(kinds.whole, filter.whole),
        ),
      )
      .orderBy(asc(kinds.id));
    expect(byName.length).toBeGreaterThan(0);
    expect(byName.map((row) => Number(row.id))).toEqual(byBuilder.map((row) => row.id));
  });

  it('runs inside a transaction with the same values', async () => {
    const { db } = t.database;
    const [row] = rows;
    const id = await db.transaction(async (tx) => (await insertByName(tx, { ...row }))[0]!.id);
    const [named] = await db
      .select()
      .from(kinds)
      .where(eq(kinds.id, Number(id)));
    expect({ ...named, id: 0 }).toEqual({ ...row, id: 0 });
  });
});
