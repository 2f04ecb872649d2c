import { describe, expect, it } from 'vitest';
import { daysUntil, strengthLevel } from './strength.ts';

describe('words panel labels', () => {
  it('names the recall chance', () => {
    expect(strengthLevel(0.95)).toBe('strong');
    expect(strengthLevel(0.8)).toBe('fading');
    expect(strengthLevel(0.2)).toBe('weak');
  });
  it('counts days to the next review from today, never below zero', () => {
    const now = new Date(2026, 0, 5, 18).getTime();
    expect(daysUntil(now - 3_600_000, now)).toBe(0);
    expect(daysUntil(new Date(2026, 0, 5, 23).getTime(), now)).toBe(0);
    expect(daysUntil(new Date(2026, 0, 6, 1).getTime(), now)).toBe(1);
    expect(daysUntil(new Date(2026, 0, 9, 10).getTime(), now)).toBe(4);
  });
});
