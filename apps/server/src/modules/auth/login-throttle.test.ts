import { describe, expect, it } from 'vitest';
import { LOGIN_LIMITS, loginDelayMs } from './login-throttle.ts';

describe('the per-account slow-down', () => {
  it('starts after 5 failures, doubles, and stops growing at 4 s', () => {
    const delays = Array.from({ length: 12 }, (_, failures) => loginDelayMs(failures));
    expect(delays).toEqual([0, 0, 0, 0, 0, 0, 500, 1000, 2000, 4000, 4000, 4000]);
    expect(loginDelayMs(10_000)).toBe(LOGIN_LIMITS.maxDelayMs);
  });
});
