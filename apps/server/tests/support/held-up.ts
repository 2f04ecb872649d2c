import { sql } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.ts';

/**
 * Until `pending`, sent from outside the transaction in progress, is held up by it: on PGlite it queues for
 * the one connection (the handle's `activity().waiting`); on PostgreSQL a session of this database waits
 * for a lock, or, a plain read no lock holds up there, `pending` has been answered.
 */
export async function untilHeldUp(database: DatabaseHandle, pending: Promise<unknown>): Promise<void> {
  let answered = false;
  const settle = () => (answered = true);
  void pending.then(settle, settle);
  await vi.waitFor(
    async () => {
      if (database.kind === 'pglite') {
        expect(database.activity().waiting).toBeGreaterThan(0);
        return;
      }
      if (answered) return;
      const result = await database.db.execute(
        sql`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
      );
      expect((result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBeGreaterThan(0);
    },
    { timeout: 10_000, interval: 20 },
  );
}
