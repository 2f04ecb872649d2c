import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_LIMITS, loginDelayMs, pause } from './login-throttle.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('the per-account slow-down', () => {
  it('starts after 5 failures, doubles, and stops growing at 4 s', () => {
    const delays = Array.from({ length: 12 }, (_, failures) => loginDelayMs(failures));
    expect(delays).toEqual([0, 0, 0, 0, 0, 0, 500, 1000, 2000, 4000, 4000, 4000]);
    expect(loginDelayMs(10_000)).toBe(LOGIN_LIMITS.maxDelayMs);
  });
});

describe('the wait a slowed sign-in gets', () => {
  it('lasts the time asked for (the API tests note it rather than wait)', async () => {
    vi.useFakeTimers();
    let over = false;
    void pause(LOGIN_LIMITS.maxDelayMs).then(() => {
      over = true;
    });
    await vi.advanceTimersByTimeAsync(LOGIN_LIMITS.maxDelayMs - 1);
    expect(over).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(over).toBe(true);
  });
});
