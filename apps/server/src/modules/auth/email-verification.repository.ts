import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { emailVerificationTokens, users } from '../../db/schema.ts';
import { hashToken, newSecretToken } from '../../lib/tokens.ts';

/** A link from the sign-up mail (or 'send again') is valid for a day: mail is often read the next morning. */
export const VERIFY_LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** A link sent instead of a reset mail leads to a new password: it lives no longer than a reset link. */
export const VERIFY_THEN_RESET_LIFETIME_MS = 60 * 60 * 1000;

export async function issueVerificationToken(
  db: Database,
  link: { userId: string; email: string; thenReset: boolean },
  now: Date,
): Promise<string> {
  const token = newSecretToken();
  const lifetime = link.thenReset ? VERIFY_THEN_RESET_LIFETIME_MS : VERIFY_LINK_LIFETIME_MS;
  await db.insert(emailVerificationTokens).values({
    ...link,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + lifetime),
  });
  return token;
}

/**
 * Marks the link used and returns what it confirms, or null when it is unknown, used or expired. The
 * update is the check: two concurrent uses of one link cannot both succeed.
 */
export async function consumeVerificationToken(
  db: Database,
  token: string,
  now: Date,
): Promise<{ userId: string; email: string; thenReset: boolean } | null> {
  const [row] = await db
    .update(emailVerificationTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailVerificationTokens.tokenHash, hashToken(token)),
        isNull(emailVerificationTokens.usedAt),
        gt(emailVerificationTokens.expiresAt, now),
      ),
    )
    .returning({
      userId: emailVerificationTokens.userId,
      email: emailVerificationTokens.email,
      thenReset: emailVerificationTokens.thenReset,
    });
  return row ?? null;
}

/**
 * Records that `email` is the learner's. False when the account no longer has that address (the link
 * confirmed an address the account has since left). Confirming twice keeps the first date.
 */
export async function markEmailVerified(
  db: Database,
  userId: string,
  email: string,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.email, email)))
    .limit(1);
  if (!row) return false;
  if (row.verifiedAt === null) {
    await db
      .update(users)
      .set({ emailVerifiedAt: now, updatedAt: now })
      .where(and(eq(users.id, userId), eq(users.email, email), isNull(users.emailVerifiedAt)));
  }
  return true;
}
