import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.ts';

// ADR 043: every index of the answers' history and memory costs each lesson completion one entry per
// answer (a bench lesson writes about eleven of each). These two tables keep only the indexes a statement
// uses: the keys, and the history's idempotency key that a replay's `on conflict do nothing` needs. No
// statement reads the history by item or the memories by due date; an index for such a read comes with it.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function indexesOf(table: string): Promise<string[]> {
  const result = (await t.database.db.execute(
    sql`select indexdef from pg_indexes where schemaname = 'public' and tablename = ${table} order by indexname`,
  )) as unknown as { rows: Array<{ indexdef: string }> };
  return result.rows.map((row) => row.indexdef.replace(/ ON public\./, ' ON '));
}

describe('the indexes a completion writes (ADR 043)', () => {
  it('answer history: its key and the idempotency key of the completion that wrote it', async () => {
    expect(await indexesOf('answer_history')).toEqual([
      'CREATE UNIQUE INDEX answer_history_completion_unique ON answer_history USING btree (user_id, source, completion_key, "position")',
      'CREATE UNIQUE INDEX answer_history_pkey ON answer_history USING btree (id)',
    ]);
  });

  it('item memory: learner and item only', async () => {
    expect(await indexesOf('item_memory')).toEqual([
      'CREATE UNIQUE INDEX item_memory_user_id_item_key_pk ON item_memory USING btree (user_id, item_key)',
    ]);
  });
});
