import { describe, expect, it } from 'vitest';
import { RecentSessions } from './recent-sessions.ts';

const session = (n: number, userId = `user-${n}`) => ({ sessionId: `session-${n}`, userId });
const far = new Date(10_000_000);

describe('RecentSessions', () => {
  it('holds a session for the hold, never past its own expiry, never when the clock went back', () => {
    const recent = new RecentSessions(5_000, 10);
    recent.remember('a', session(1), far, 1_000, recent.mark);
    expect(recent.find('a', 1_000)).toEqual(session(1));
    expect(recent.find('a', 5_999)).toEqual(session(1));
    expect(recent.find('a', 6_000)).toBeUndefined();

    recent.remember('b', session(2), new Date(2_500), 1_000, recent.mark);
    expect(recent.find('b', 2_499)).toEqual(session(2));
    expect(recent.find('b', 2_500)).toBeUndefined();

    recent.remember('c', session(3), far, 1_000, recent.mark);
    expect(recent.find('c', 999)).toBeUndefined();
  });

  it('refuses a read that was under way during a revocation', () => {
    const recent = new RecentSessions(5_000, 10);
    const mark = recent.mark;
    recent.forgetSession('session-9');
    recent.remember('a', session(1), far, 1_000, mark);
    expect(recent.find('a', 1_000)).toBeUndefined();
  });

  it('forgets one session, or all of a user but one', () => {
    const recent = new RecentSessions(5_000, 10);
    recent.remember('a', session(1, 'ana'), far, 0, recent.mark);
    recent.remember('b', session(2, 'ana'), far, 0, recent.mark);
    recent.remember('c', session(3, 'ana'), far, 0, recent.mark);
    recent.remember('d', session(4, 'ben'), far, 0, recent.mark);
    recent.forgetSession('session-1');
    expect(recent.find('a', 0)).toBeUndefined();
    recent.forgetUser('ana', 'session-3');
    expect(recent.find('b', 0)).toBeUndefined();
    expect(recent.find('c', 0)).toEqual(session(3, 'ana'));
    expect(recent.find('d', 0)).toEqual(session(4, 'ben'));
  });

  it('remembers at most its bound, the earliest read going first, run-out reads swept', () => {
    const recent = new RecentSessions(5_000, 3);
    for (let n = 0; n < 5; n += 1) recent.remember(`t${n}`, session(n), far, n, recent.mark);
    expect(recent.size).toBe(3);
    expect(recent.find('t0', 10)).toBeUndefined();
    expect(recent.find('t1', 10)).toBeUndefined();
    expect(recent.find('t4', 10)).toEqual(session(4));
    recent.remember('late', session(9), far, 6_000, recent.mark);
    // t2…t4 were read at 2…4 ms: their hold ended at 5,002…5,004 ms.
    expect(recent.size).toBe(1);
  });
});
