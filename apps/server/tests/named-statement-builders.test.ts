import { eq, getTableColumns, gte, sql } from 'drizzle-orm';
import { bigint, boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  inTransaction,
  insertRowsFromJson,
  namedStatement,
  placeholdersFor,
  queryText,
  rowOf,
  rowsAsJson,
  selectedAs,
} from '../src/lib/named-statement.ts';
import { createTestApp, type TestApp } from './helper.ts';

/*
 * A named statement built with drizzle's query builders (the learner's state, a completion's writes) reads
 * and writes what drizzle's own queries do, column types included, on either engine.
 */
const things = pgTable('builder_things', {
  id: serial('id').primaryKey(),
  label: text('label').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  doc: jsonb('doc').$type<{ list: number[] }>(),
  flags: boolean('flags').array().notNull(),
  seconds: bigint('seconds', { mode: 'number' }).notNull(),
  score: integer('score'),
});
const notes = pgTable('builder_notes', {
  thingId: integer('thing_id').primaryKey(),
  note: text('note').notNull(),
});

const { id: _id, ...thingFields } = getTableColumns(things);
const noteColumns = getTableColumns(notes);
const insertThings = namedStatement('test_builder_insert', insertRowsFromJson(things, thingFields));
const readThings = namedStatement(
  'test_builder_read',
  queryText
    .select({ ...selectedAs('t_', getTableColumns(things)), ...selectedAs('n_', noteColumns) })
    .from(things)
    .leftJoin(notes, eq(notes.thingId, things.id))
    .where(eq(things.label, sql.placeholder('label')))
    .getSQL(),
);
const updateThing = namedStatement(
  'test_builder_update',
  queryText
    .update(things)
    .set(placeholdersFor({ doc: things.doc, flags: things.flags, at: things.at }))
    .where(eq(things.label, sql.placeholder('label')))
    .getSQL(),
);
const insertNote = namedStatement(
  'test_builder_note',
  queryText.insert(notes).values(placeholdersFor(noteColumns)).getSQL(),
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.execute(sql`
    create table builder_things (id serial primary key, label text not null, at timestamptz not null,
      doc jsonb, flags boolean[] not null, seconds bigint not null, score integer)`);
  await t.database.db.execute(
    sql`create table builder_notes (thing_id integer primary key, note text not null)`,
  );
});
afterAll(async () => {
  await t.close();
});

const at = new Date('2026-11-24T10:00:00.123Z');
const rows = [
  { label: 'a', at, doc: { list: [1, 2] }, flags: [true, false], seconds: 1_795_000_000, score: 3 },
  { label: 'a', at, doc: null, flags: [], seconds: 0, score: null },
  { label: "b'c\\", at, doc: { list: [] }, flags: [false], seconds: 7 },
];

describe('a named statement built with the query builders', () => {
  it('writes any number of rows from one JSON parameter as drizzle writes them', async () => {
    const { db } = t.database;
    await insertThings(db, { rows: rowsAsJson(thingFields, []) });
    await insertThings(db, { rows: rowsAsJson(thingFields, rows) });
    const stored = await db.select().from(things).orderBy(things.id);
    expect(stored.map(({ id: _ignored, ...row }) => row)).toEqual(
      rows.map((row) => ({ score: null, ...row })),
    );
  });

  it('reads rows with the schema types, null for an outer join that found no row', async () => {
    const { db } = t.database;
    const [first] = await db.select().from(things).where(eq(things.label, 'a')).orderBy(things.id);
    await db.insert(notes).values({ thingId: first!.id, note: 'noted' });
    const read = await readThings(db, { label: 'a' });
    const mine = await db
      .select()
      .from(things)
      .leftJoin(notes, eq(notes.thingId, things.id))
      .where(eq(things.label, 'a'));
    const mapped = read.map((row) => ({
      builder_things: rowOf('t_', getTableColumns(things), row),
      builder_notes: rowOf('n_', noteColumns, row),
    }));
    expect(mapped.sort((x, y) => x.builder_things!.id - y.builder_things!.id)).toEqual(
      mine.sort((x, y) => x.builder_things.id - y.builder_things.id),
    );
    expect(mapped.some((row) => row.builder_notes === null)).toBe(true);
    expect((await readThings(db, { label: "b'c\\" }))[0]).toMatchObject({ t_label: "b'c\\" });
  });

  it('writes placeholders as their columns do: json, arrays, dates', async () => {
    const { db } = t.database;
    const later = new Date('2026-11-25T00:00:00.000Z');
    await updateThing(db, { label: "b'c\\", doc: { list: [9] }, flags: [true, true], at: later });
    const [row] = await db.select().from(things).where(eq(things.label, "b'c\\"));
    expect(row).toMatchObject({ doc: { list: [9] }, flags: [true, true], at: later });
  });
});

describe('named statements in one transaction (inTransaction)', () => {
  const notesFrom = async (first: number) =>
    (await t.database.db.select().from(notes).where(gte(notes.thingId, first)).orderBy(notes.thingId)).map(
      (row) => `${row.thingId} ${row.note}`,
    );

  it('commits with its last statement, keeps nothing when that one fails, and the next one runs', async () => {
    await inTransaction(t.database.db, async (run) => {
      await run(insertNote, { thingId: 900, note: 'first' });
      await run.last(insertNote, { thingId: 901, note: 'last' });
    });
    expect(await notesFrom(900)).toEqual(['900 first', '901 last']);

    // The last statement's key is taken (on PostgreSQL it fails with the COMMIT it was sent with).
    await expect(
      inTransaction(t.database.db, async (run) => {
        await run(insertNote, { thingId: 902, note: 'lost' });
        await run.last(insertNote, { thingId: 900, note: 'taken' });
      }),
    ).rejects.toThrow();
    expect(await notesFrom(900)).toEqual(['900 first', '901 last']);

    // A transaction of only a last statement, after the failed one: its connection works.
    await inTransaction(t.database.db, async (run) => {
      await run.last(insertNote, { thingId: 903, note: 'after' });
    });
    expect(await notesFrom(900)).toEqual(['900 first', '901 last', '903 after']);
  });

  it('rolls back when its first statements fail, and the connection runs the next transaction', async () => {
    const twice = async (thingId: number, note: string) =>
      inTransaction(t.database.db, async (run) => {
        await run.all([insertNote, { thingId, note }], [insertNote, { thingId: thingId + 1, note }]);
      });
    // Prepares the statement on its connection, so the failure below prepares nothing.
    await twice(910, 'kept');
    // The BEGIN goes with the statements (PostgreSQL): the second key is taken, so the first row goes too.
    await expect(twice(909, 'lost')).rejects.toThrow();
    await twice(920, 'after');
    expect(await notesFrom(909)).toEqual(['910 kept', '911 kept', '920 after', '921 after']);
  });
});
