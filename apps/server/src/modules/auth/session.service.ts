import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';
import { hashToken, newSecretToken } from '../../lib/tokens.ts';
import { RecentSessions } from './recent-sessions.ts';
import { findActiveSessionByHash } from './session.repository.ts';

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

/**
 * This instance's way to read and end sessions (ADR 022): a session read in the last few
 * seconds is not read again, and every revocation made here forgets what it ended at once. Other instances
 * see a revocation when their hold runs out (SESSION_HOLD_MS).
 */
export interface InstanceSessions {
  find(token: string): Promise<ActiveSession | null>;
  /** Logout: this one session ends. */
  revoke(sessionId: string): Promise<void>;
  /** Password change or reset: every session of the user ends, but `keep` (the one that changed it). */
  revokeOthers(userId: string, keep: string | null): Promise<void>;
}

export function instanceSessions(
  db: Database,
  now: () => Date,
  recent: RecentSessions = new RecentSessions(),
): InstanceSessions {
  // Reads under way, by token hash: a burst arriving before the first answer shares that one read.
  let reading = new Map<string, Promise<ActiveSession | null>>();

  async function read(tokenHash: string, at: Date): Promise<ActiveSession | null> {
    const mark = recent.mark;
    const row = await findActiveSessionByHash(db, tokenHash, at);
    if (!row) return null;
    const session = { sessionId: row.sessionId, userId: row.userId };
    recent.remember(tokenHash, session, row.expiresAt, at.getTime(), mark);
    return session;
  }

  /** After a revocation here no request may take an answer read before it: held or under way. */
  function forget(revoked: () => void): void {
    revoked();
    reading = new Map();
  }

  return {
    find(token) {
      const tokenHash = hashToken(token);
      const at = now();
      const held = recent.find(tokenHash, at.getTime());
      if (held) return Promise.resolve(held);
      const underWay = reading.get(tokenHash);
      if (underWay) return underWay;
      const readings = reading;
      const answer = read(tokenHash, at).finally(() => {
        if (readings.get(tokenHash) === answer) readings.delete(tokenHash);
      });
      readings.set(tokenHash, answer);
      return answer;
    },
    async revoke(sessionId) {
      // Forgotten before and after the write: a read racing the write cannot bring the session back.
      forget(() => recent.forgetSession(sessionId));
      await revokeSession(db, sessionId, now());
      forget(() => recent.forgetSession(sessionId));
    },
    async revokeOthers(userId, keep) {
      forget(() => recent.forgetUser(userId, keep));
      await revokeOtherSessions(db, userId, keep, now());
      forget(() => recent.forgetUser(userId, keep));
    },
  };
}

async function revokeSession(db: Database, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
}

/** After a password change or reset, every other device must sign in again. */
async function revokeOtherSessions(db: Database, userId: string, keep: string | null, now: Date) {
  const scope =
    keep === null ? eq(sessions.userId, userId) : and(eq(sessions.userId, userId), ne(sessions.id, keep));
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(scope, isNull(sessions.revokedAt)));
}
