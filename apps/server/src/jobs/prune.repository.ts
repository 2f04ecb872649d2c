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

/** The rows `pruneExpiredRows` removes (see there); answers how many of each went. */
export async function deleteSpentRows(
  tx: Database,
  { now, spentBefore, adServesBefore }: { now: Date; spentBefore: Date; adServesBefore: Date },
) {
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
    .where(and(lt(adServes.servedAt, adServesBefore), or(ne(adServes.placement, 'modal'), newerModal)))
    .returning({ id: adServes.id });
  return {
    adServes: oldServes.length,
    rateLimitRows: rateLimits.length,
    sessions: expiredSessions.length,
    resetLinks: resetLinks.length,
    verifyLinks: verifyLinks.length,
    socialSignIns: socialSignInRows.length,
  };
}
