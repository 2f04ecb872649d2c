import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';
import { hashToken, newSecretToken } from '../../lib/tokens.ts';

export const SESSION_LIFETIME_MS = 90 * 24 * 60 * 60 * 1000;

export interface ActiveSession {
  sessionId: string;
  userId: string;
}

/** A new random token for every sign-in; only its hash is stored. */
export async function startSession(db: Database, userId: string, userAgent: string | undefined, now: Date) {
  const token = newSecretToken();
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    userAgent: userAgent?.slice(0, 300),
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
  });
  return { token, expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS) };
}

export async function findActiveSession(
  db: Database,
  token: string,
  now: Date,
): Promise<ActiveSession | null> {
  const [row] = await db
    .select({ sessionId: sessions.id, userId: sessions.userId })
    .from(sessions)
    .where(
      and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)),
    )
    .limit(1);
  return row ?? null;
}

export async function revokeSession(db: Database, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
}

/** After a password change or reset, every other device must sign in again. */
export async function revokeOtherSessions(db: Database, userId: string, keep: string | null, now: Date) {
  const scope =
    keep === null ? eq(sessions.userId, userId) : and(eq(sessions.userId, userId), ne(sessions.id, keep));
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(scope, isNull(sessions.revokedAt)));
}
