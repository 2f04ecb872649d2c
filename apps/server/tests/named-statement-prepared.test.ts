import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementListeners } from '../src/db/client.ts';
import { namedStatement } from '../src/lib/named-statement.ts';
import { createTestApp, testDatabaseKind, type TestApp } from './helper.ts';

/*
 * ADR 049: on PGlite a hot statement is prepared once when the database opens and runs as
 * `EXECUTE name('value', …)`, its values written as quoted literals; on PostgreSQL it runs plain. Either way
 * it answers what its values say, whatever characters they hold.
 */
const echo = namedStatement<{ text: string | null; whole: number; yes: boolean; at: string }>(
  'test_echo_values',
  sql`select ${sql.placeholder('text')}::text as text, ${sql.placeholder('whole')}::integer as whole,
      ${sql.placeholder('yes')}::boolean as yes,
      to_char(${sql.placeholder('at')}::timestamptz at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS') as at`,
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A plain query's rows (both drivers answer `{ rows }`). */
async function rowsOf<Row>(query: SQL): Promise<Row[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** The texts drizzle sends while `work` runs. */
async function sentTexts(work: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const record = (text: string) => void sent.push(text);
  statementListeners.add(record);
  try {
    await work();
  } finally {
    statementListeners.delete(record);
  }
  return sent;
}

const hostile = [
  "it's",
  "'); drop table users; --",
  String.raw`back\slash \' and \\`,
  '$1 $2 and $$dollar$$ quoting',
  'e-acute é, arabic مرحبا, emoji 🙂',
  '',
];

describe('a hot statement', () => {
  it('answers its values exactly, whatever characters they hold, and leaves the rest alone', async () => {
    const at = new Date('2026-11-28T20:15:00.123Z');
    for (const text of hostile) {
      const [row] = await echo(t.database.db, { text, whole: -42, yes: false, at });
      expect(row).toEqual({ text, whole: -42, yes: false, at: '2026-11-28 20:15:00.123' });
    }
    const [empty] = await echo(t.database.db, { text: null, whole: 0, yes: true, at: at.toISOString() });
    expect(empty).toMatchObject({ text: null, whole: 0, yes: true });
    const users = await rowsOf<{ n: number }>(sql`select count(*)::int as n from users`);
    expect(users).toEqual([{ n: expect.any(Number) }]);
  });

  it('runs by name on PGlite, prepared when the database opened, and plain on PostgreSQL', async () => {
    const [sent] = await sentTexts(() =>
      echo(t.database.db, { text: 'x', whole: 1, yes: true, at: new Date() }),
    );
    if (testDatabaseKind === 'pglite') {
      expect(sent).toMatch(/^\/\* test_echo_values \*\/ execute test_echo_values\('x', '1', 'true', '/);
      const prepared = await rowsOf<{ name: string }>(sql`select name from pg_prepared_statements`);
      const names = prepared.map((row) => row.name);
      // The app's hot statements too: the session read, the learner's read and lock, a completion's writes.
      for (const name of [
        'test_echo_values',
        'active_session',
        'learner_state',
        'learner_lock',
        'completion_write',
      ]) {
        expect(names).toContain(name);
      }
    } else {
      expect(sent).toMatch(/^\/\* test_echo_values \*\/ select \$1::text as text/);
    }
  });

  it('still runs by name after a transaction that used it rolled back', async () => {
    const rolledBack = new Error('roll back');
    await expect(
      t.database.db.transaction(async (tx) => {
        const [row] = await echo(tx, { text: 'inside', whole: 2, yes: true, at: new Date() });
        expect(row?.text).toBe('inside');
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    const [row] = await echo(t.database.db, { text: 'after', whole: 3, yes: false, at: new Date() });
    expect(row).toMatchObject({ text: 'after', whole: 3, yes: false });
  });

  it('answers the same rows outside a transaction (run by its driver) and inside one (through drizzle)', async () => {
    const times = namedStatement<{ stamp: string; day: string; whole: number; doc: unknown }>(
      'test_kept_as_text',
      sql`select ${sql.placeholder('at')}::timestamptz as stamp, ${sql.placeholder('at')}::date as day,
          ${sql.placeholder('n')}::integer as whole, json_build_object('n', ${sql.placeholder('n')}::integer) as doc`,
    );
    const values = { at: '2026-11-30T00:40:00.000Z', n: 7 };
    const outside = await times(t.database.db, values);
    const inside = await t.database.db.transaction((tx) => times(tx, values));
    expect(outside).toEqual(inside);
    // Timestamps and dates stay the database's text, as drizzle leaves them: no Date on either side.
    expect(outside).toEqual([
      { stamp: expect.stringMatching(/^2026-11-30 00:40:00/), day: '2026-11-30', whole: 7, doc: { n: 7 } },
    ]);
  });

  it('runs plain when it was defined after the database opened', async () => {
    const late = namedStatement<{ doubled: number }>(
      'test_defined_late',
      sql`select ${sql.placeholder('n')}::integer * 2 as doubled`,
    );
    const [sent] = await sentTexts(async () => {
      expect(await late(t.database.db, { n: 21 })).toEqual([{ doubled: 42 }]);
    });
    expect(sent).toMatch(/^\/\* test_defined_late \*\/ select \$1::integer \* 2/);
  });
});
