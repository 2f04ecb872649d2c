import { and, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  adServes,
  emailVerificationTokens,
  passwordResetTokens,
  rateLimitHits,
  sessions,
  socialSignIns,
} from '../db/schema.ts';
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
  return runOncePerSlot(db, { job: PRUNE_JOB, slot: pruneSlot(now), now }, async (tx) => {
    const rateLimits = await tx
      .delete(rateLimitHits)
      .where(lt(rateLimitHits.windowEndsAt, now))
      .returning({ key: rateLimitHits.key });
    const expiredSessions = await tx
      .delete(sessions)
      .where(
        or(
          lt(sessions.expiresAt, now),
          and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, spentBefore)),
        ),
      )
      .returning({ id: sessions.id });
    const resetLinks = await tx
      .delete(passwordResetTokens)
      .where(
        or(
          lt(passwordResetTokens.expiresAt, now),
          and(isNotNull(passwordResetTokens.usedAt), lt(passwordResetTokens.usedAt, spentBefore)),
        ),
      )
      .returning({ id: passwordResetTokens.id });
    const verifyLinks = await tx
      .delete(emailVerificationTokens)
      .where(
        or(
          lt(emailVerificationTokens.expiresAt, now),
          and(isNotNull(emailVerificationTokens.usedAt), lt(emailVerificationTokens.usedAt, spentBefore)),
        ),
      )
      .returning({ id: emailVerificationTokens.id });
    // A used sign-in is kept until it expires, so a replayed provider answer still finds it spent.
    const socialSignInRows = await tx
      .delete(socialSignIns)
      .where(lt(socialSignIns.expiresAt, now))
      .returning({ id: socialSignIns.id });
    // A learner's newest full-screen serve is kept however old: it marks where the count of lessons
    // towards the next one starts (ADR 010), and without it every lesson ever learned would count.
    const newerModal = sql`exists (select 1 from ${adServes} as newer where newer.user_id = ${adServes.userId}
      and newer.placement = 'modal' and newer.served_at > ${adServes.servedAt})`;
    const oldServes = await tx
      .delete(adServes)
      .where(
        and(
          lt(adServes.servedAt, new Date(now.getTime() - KEEP_AD_SERVES_MS)),
          or(ne(adServes.placement, 'modal'), newerModal),
        ),
      )
      .returning({ id: adServes.id });
    return {
      adServes: oldServes.length,
      rateLimitRows: rateLimits.length,
      sessions: expiredSessions.length,
      resetLinks: resetLinks.length,
      verifyLinks: verifyLinks.length,
      socialSignIns: socialSignInRows.length,
    };
  });
}
