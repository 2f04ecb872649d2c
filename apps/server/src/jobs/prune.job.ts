import type { Database } from '../db/client.ts';
import { deleteSpentRows } from './prune.repository.ts';
import { runOncePerSlot, type SlotOutcome } from './run-once-per-slot.ts';

export const PRUNE_JOB = 'prune-expired';

/** Used reset links and revoked sessions are kept this long for an operator looking into an account. */
export const KEEP_SPENT_MS = 24 * 60 * 60 * 1000;

/**
 * Ad serves are the operator's impression and click counts (ADR 010); they are kept 90 days, past every
 * window the ads themselves read (30 s re-serve, 24 h click).
 */
export const KEEP_AD_SERVES_MS = 90 * 24 * 60 * 60 * 1000;

/** One slot per UTC hour: `2031-01-02T13`. */
export function pruneSlot(now: Date): string {
  return now.toISOString().slice(0, 13);
}

/**
 * Rows that can never matter again: rate-limit windows that have ended, sessions that expired or were
 * revoked a day ago, reset and e-mail confirmation links that expired or were used a day ago, social sign-ins that expired, ad serves
 * older than 90 days. Hourly, once across instances
 * (ADR 004), so the tables stay the size of the current traffic.
 */
export async function pruneExpiredRows(db: Database, now: Date): Promise<SlotOutcome> {
  const spentBefore = new Date(now.getTime() - KEEP_SPENT_MS);
  const adServesBefore = new Date(now.getTime() - KEEP_AD_SERVES_MS);
  return runOncePerSlot(db, { job: PRUNE_JOB, slot: pruneSlot(now), now }, (tx) =>
    deleteSpentRows(tx, { now, spentBefore, adServesBefore }),
  );
}
