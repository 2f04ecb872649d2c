import type { ActiveSession } from './session.service.ts';

/** How long an instance trusts a session it read without reading it again (ADR 022). */
export const SESSION_HOLD_MS = 5_000;
/** At most this many sessions are remembered per instance; the earliest remembered go first. */
export const MAX_HELD_SESSIONS = 10_000;

interface Held {
  session: ActiveSession;
  /** The session's own expiry: a held session never outlives it. */
  expiresAt: number;
  readAt: number;
}

/**
 * The sessions this instance read in the last few seconds, by token hash, so that a burst of signed-in
 * requests reads the sessions table once. Every entry has the same hold, so Map order (insertion order) is
 * also expiry order: the front is swept as entries run out, and the front goes first when full.
 *
 * Revocation on this instance forgets at once; a read that was in flight while a revocation happened is
 * not remembered (it may have seen the row before the revocation).
 */
export class RecentSessions {
  private readonly held = new Map<string, Held>();
  private revocations = 0;

  constructor(
    private readonly holdMs = SESSION_HOLD_MS,
    private readonly maxSessions = MAX_HELD_SESSIONS,
  ) {}

  /** The held session for this token hash, or undefined when it must be read from the database. */
  find(tokenHash: string, now: number): ActiveSession | undefined {
    const entry = this.held.get(tokenHash);
    if (!entry) return undefined;
    // A clock that went backwards (tests move it) must not extend a hold either.
    if (now < entry.readAt || now >= entry.readAt + this.holdMs || now >= entry.expiresAt) {
      this.held.delete(tokenHash);
      return undefined;
    }
    return entry.session;
  }

  /** A marker taken before a database read; `remember` refuses the read if a revocation happened since. */
  get mark(): number {
    return this.revocations;
  }

  remember(tokenHash: string, session: ActiveSession, expiresAt: Date, readAt: number, mark: number): void {
    if (mark !== this.revocations || this.holdMs <= 0) return;
    this.sweep(readAt);
    this.held.delete(tokenHash);
    if (this.held.size >= this.maxSessions) this.held.delete(this.held.keys().next().value as string);
    this.held.set(tokenHash, { session, expiresAt: expiresAt.getTime(), readAt });
  }

  /** One session ended here (logout). */
  forgetSession(sessionId: string): void {
    this.revocations += 1;
    for (const [hash, entry] of this.held) if (entry.session.sessionId === sessionId) this.held.delete(hash);
  }

  /** A user's sessions ended here, but perhaps one (password change or reset). */
  forgetUser(userId: string, keepSessionId: string | null = null): void {
    this.revocations += 1;
    for (const [hash, entry] of this.held) {
      if (entry.session.userId === userId && entry.session.sessionId !== keepSessionId)
        this.held.delete(hash);
    }
  }

  /** Every held session: revocations elsewhere may have been missed (the listening connection dropped). */
  forgetAll(): void {
    this.revocations += 1;
    this.held.clear();
  }

  get size(): number {
    return this.held.size;
  }

  /** Drops run-out entries from the front (the earliest read). */
  private sweep(now: number): void {
    for (const [hash, entry] of this.held) {
      if (now >= entry.readAt && now < entry.readAt + this.holdMs) break;
      this.held.delete(hash);
    }
  }
}
