import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { scheduledJobRuns } from '../db/schema.ts';
import {
  LEADERBOARD_JOB,
  londonDay,
  writeLeaderboardSnapshot,
} from '../modules/leaderboard/leaderboard.repository.ts';
import { notifyLeaderboardPlaces } from '../modules/notifications/notifications.repository.ts';
import { runOncePerSlot, type SlotOutcome } from './run-once-per-slot.ts';

export { LEADERBOARD_JOB };

/**
 * SPEC §9: the leaderboard refreshes at 00:00 London time. Each London day is one slot: the first check
 * after midnight, after a restart that missed it, or on a new installation's first start writes that
 * day's snapshot (ADR 023), so there is always a board of the day and every answer can come from it.
 * A first snapshot tells nobody about "yesterday's" place: there was no board yesterday.
 */
export async function refreshLeaderboard(db: Database, now: Date): Promise<SlotOutcome> {
  const day = londonDay(now);
  return runOncePerSlot(db, { job: LEADERBOARD_JOB, slot: day, now }, async (tx) => {
    const [earlierRun] = await tx
      .select({ slot: scheduledJobRuns.slot })
      .from(scheduledJobRuns)
      .where(and(eq(scheduledJobRuns.job, LEADERBOARD_JOB), lt(scheduledJobRuns.slot, day)))
      .limit(1);
    const entries = await writeLeaderboardSnapshot(tx, day);
    if (!earlierRun) return { entries, first: true };
    // Issue 13: each learner on the board finds their place under the bell.
    return { entries, notified: await notifyLeaderboardPlaces(tx, day, now) };
  });
}
