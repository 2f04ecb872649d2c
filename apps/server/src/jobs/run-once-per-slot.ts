import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { scheduledJobRuns } from '../db/schema.ts';

export type SlotOutcome = 'ran' | 'already-done';

/**
 * Runs `work` for one job's slot at most once across every app server sharing the database: the claim
 * row and the work commit together, so a second instance waits on the claim's key and then finds it
 * taken, and a failed run leaves the slot free for the next attempt.
 */
export async function runOncePerSlot(
  db: Database,
  claim: { job: string; slot: string; now: Date },
  work: (tx: Database) => Promise<Record<string, unknown>>,
): Promise<SlotOutcome> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(scheduledJobRuns)
      .values({ job: claim.job, slot: claim.slot, ranAt: claim.now, result: {} })
      .onConflictDoNothing()
      .returning({ job: scheduledJobRuns.job });
    if (claimed.length === 0) return 'already-done';
    const result = await work(tx);
    await tx
      .update(scheduledJobRuns)
      .set({ result })
      .where(and(eq(scheduledJobRuns.job, claim.job), eq(scheduledJobRuns.slot, claim.slot)));
    return 'ran';
  });
}
