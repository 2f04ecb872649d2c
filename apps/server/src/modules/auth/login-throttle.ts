import type { Database } from '../../db/client.ts';
import { errors } from '../../lib/app-error.ts';
import { clearHits, consumeHit, countHits } from '../../plugins/rate-limit-store.ts';

/**
 * Failed sign-ins, counted so that nobody can lock an owner out of their own account:
 * - per (account, address): 10 failures in 15 minutes refuse further attempts from that address for that
 *   account (429) until the window ends; a success there clears the count;
 * - per account, from every address together: after 5 failures in 15 minutes each attempt is slowed
 *   (0.5 s, doubling, at most 4 s) — never refused, so the owner on their own address signs in with the
 *   right password however many guesses others made.
 */
export const LOGIN_LIMITS = {
  windowMs: 15 * 60 * 1000,
  failuresPerAccountAndAddress: 10,
  accountFailuresBeforeSlowing: 5,
  firstDelayMs: 500,
  maxDelayMs: 4_000,
} as const;

/** How long to hold an attempt on an account that has had `failures` recent failures. */
export function loginDelayMs(failures: number): number {
  const over = failures - LOGIN_LIMITS.accountFailuresBeforeSlowing;
  if (over <= 0) return 0;
  return Math.min(LOGIN_LIMITS.maxDelayMs, LOGIN_LIMITS.firstDelayMs * 2 ** (over - 1));
}

/** The slow-down's wait: a timer (tests of the routes pass one that notes the time instead). */
export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function loginThrottle(db: Database, sleep: (ms: number) => Promise<void> = pause) {
  const accountKey = (account: string) => `login-failures|${account}`;
  const pairKey = (account: string, address: string) => `login-failures|${account}|${address}`;

  return {
    /** Before checking the password: refuse a locked (account, address), slow a much-guessed account. */
    async beforeAttempt(account: string, address: string): Promise<void> {
      const pair = await countHits(db, pairKey(account, address));
      if (pair.current >= LOGIN_LIMITS.failuresPerAccountAndAddress) {
        throw errors.tooManyRequests(Math.max(1, Math.ceil(pair.ttl / 1000)));
      }
      const delay = loginDelayMs((await countHits(db, accountKey(account))).current);
      if (delay > 0) await sleep(delay);
    },
    async failed(account: string, address: string): Promise<void> {
      await consumeHit(db, pairKey(account, address), LOGIN_LIMITS.windowMs);
      await consumeHit(db, accountKey(account), LOGIN_LIMITS.windowMs);
    },
    async succeeded(account: string, address: string): Promise<void> {
      await clearHits(db, pairKey(account, address));
    },
  };
}
