import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { passwordResetTokens } from '../../db/schema.ts';
import { hashToken, newSecretToken } from '../../lib/tokens.ts';

export const RESET_LINK_LIFETIME_MS = 60 * 60 * 1000;

export async function issueResetToken(db: Database, userId: string, now: Date): Promise<string> {
  const token = newSecretToken();
  await db.insert(passwordResetTokens).values({
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + RESET_LINK_LIFETIME_MS),
  });
  return token;
}

/**
 * Marks the link used and returns its user, or null when it is unknown, used or expired. The update
 * is the check: two concurrent uses of one link cannot both succeed.
 */
export async function consumeResetToken(db: Database, token: string, now: Date): Promise<string | null> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId ?? null;
}

/** The link's user if it can still be used; a read only, so a bad link costs no password hashing. */
export async function findUsableResetToken(db: Database, token: string, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row?.userId ?? null;
}

/** After a reset or a password change, no other link mailed earlier may set the password again. */
export async function voidResetLinks(db: Database, userId: string, now: Date): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
