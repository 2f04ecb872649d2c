import { describe, expect, it } from 'vitest';
import { badgeLabel, unreadCount } from './records.ts';

describe('unread badge (SPEC §2: total notifications minus read count)', () => {
  it('is the difference between the total and the read count', () => {
    expect(unreadCount(5, 2)).toBe(3);
    expect(unreadCount(3, 0)).toBe(3);
    expect(unreadCount(4, 4)).toBe(0);
    expect(unreadCount(0, 0)).toBe(0);
  });

  it('never goes below zero when more were read than exist now', () => {
    expect(unreadCount(2, 7)).toBe(0);
  });

  it('treats broken counts as zero', () => {
    expect(unreadCount(3, Number.NaN)).toBe(3);
    expect(unreadCount(Number.NaN, 1)).toBe(0);
    expect(unreadCount(3, -4)).toBe(3);
  });

  it('shows no badge at zero and caps large numbers', () => {
    expect(badgeLabel(0)).toBeNull();
    expect(badgeLabel(7)).toBe('7');
    expect(badgeLabel(150)).toBe('99+');
  });
});
