import type { Database } from '../../db/client.ts';
import { hashToken, newSecretToken } from '../../lib/tokens.ts';
import { RecentSessions } from './recent-sessions.ts';
import {
  acknowledgeRevocation,
  announceRevocation,
  findActiveSessionByHash,
  insertSession,
  markOtherSessionsRevoked,
  markSessionRevoked,
  revocationListeners,
} from './session.repository.ts';
import { revocationFeed, type RevocationFeed } from './session-revocations.ts';
import type { Listen } from '../../db/listen.ts';

export const SESSION_LIFETIME_MS = 90 * 24 * 60 * 60 * 1000;

export interface ActiveSession {
  sessionId: string;
  userId: string;
}

/** A new random token for every sign-in; only its hash is stored. */
export async function startSession(db: Database, userId: string, userAgent: string | undefined, now: Date) {
  const token = newSecretToken();
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  await insertSession(db, {
    userId,
    tokenHash: hashToken(token),
    userAgent: userAgent?.slice(0, 300),
    createdAt: now,
    expiresAt,
  });
  return { token, expiresAt };
}

/**
 * This instance's way to read and end sessions (ADR 022): a session read in the last few
 * seconds is not read again, and every revocation made here forgets what it ended at once. On PostgreSQL
 * every instance listens for the others' revocations (`listenAcrossInstances`, issue 30) and forgets
 * them as they are announced; a revoking instance answers once its announcement is out. Without that
 * (PGlite: one instance) a revocation elsewhere would be seen when the hold runs out (SESSION_HOLD_MS).
 */
export interface InstanceSessions {
  find(token: string): Promise<ActiveSession | null>;
  /** Logout: this one session ends. */
  revoke(sessionId: string): Promise<void>;
  /** Password change or reset: every session of the user ends, but `keep` (the one that changed it). */
  revokeOthers(userId: string, keep: string | null): Promise<void>;
  /** Hears every instance's revocations from now on (PostgreSQL LISTEN/NOTIFY). */
  listenAcrossInstances(listen: Listen): Promise<void>;
  /** Stops listening. */
  close(): Promise<void>;
}

export function instanceSessions(
  db: Database,
  now: () => Date,
  recent: RecentSessions = new RecentSessions(),
): InstanceSessions {
  let feed: RevocationFeed | null = null;
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
      // Held sessions are trusted only while this instance hears every revocation (or needs to hear none).
      const held = feed && !feed.live ? undefined : recent.find(tokenHash, at.getTime());
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
      const announced = feed?.prepare({ sessionId });
      await revokeSession(db, sessionId, now(), announced?.payload);
      forget(() => recent.forgetSession(sessionId));
      await announced?.echoed();
    },
    async revokeOthers(userId, keep) {
      forget(() => recent.forgetUser(userId, keep));
      const announced = feed?.prepare({ userId, keep });
      await revokeOtherSessions(db, userId, keep, now(), announced?.payload);
      forget(() => recent.forgetUser(userId, keep));
      await announced?.echoed();
    },
    async listenAcrossInstances(listen) {
      const peers = {
        acknowledge: (nonce: string) => acknowledgeRevocation(db, nonce),
        listeners: () => revocationListeners(db),
      };
      feed = await revocationFeed(listen, peers, {
        revoked(revocation) {
          if ('sessionId' in revocation) forget(() => recent.forgetSession(revocation.sessionId));
          else forget(() => recent.forgetUser(revocation.userId, revocation.keep));
        },
        gap: () => forget(() => recent.forgetAll()),
      });
    },
    async close() {
      await feed?.close();
    },
  };
}

/** The revocation and its announcement (if any) commit together: no instance hears of an undone one. */
async function revokeSession(db: Database, sessionId: string, now: Date, announcement?: string) {
  await db.transaction(async (tx) => {
    await markSessionRevoked(tx, sessionId, now);
    if (announcement) await announceRevocation(tx, announcement);
  });
}

/** After a password change or reset, every other device must sign in again. */
async function revokeOtherSessions(
  db: Database,
  userId: string,
  keep: string | null,
  now: Date,
  announcement?: string,
) {
  await db.transaction(async (tx) => {
    await markOtherSessionsRevoked(tx, userId, keep, now);
    if (announcement) await announceRevocation(tx, announcement);
  });
}
