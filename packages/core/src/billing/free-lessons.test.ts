import { describe, expect, it } from 'vitest';
import {
  consumeFreeLesson,
  DEFAULT_FREE_LESSONS_PER_DAY,
  epochDay,
  freeLessonsSchema,
  hasFreeLesson,
  lessonAccess,
  refreshFreeLessons,
} from './free-lessons.ts';

const DAY = 86_400_000;
const NOW = Date.UTC(2025, 2, 1, 23, 59);
const today = epochDay(NOW);

describe('free lessons', () => {
  it('starts at the configured amount, 2 without config', () => {
    expect(refreshFreeLessons(undefined, undefined, NOW)).toEqual({
      num: 2,
      date: today,
      lastApiFreeLessons: 2,
    });
    expect(refreshFreeLessons(undefined, 5, NOW)).toEqual({ num: 5, date: today, lastApiFreeLessons: 5 });
    expect(DEFAULT_FREE_LESSONS_PER_DAY).toBe(2);
  });
  it('resets when the UTC day changes, whatever the local time', () => {
    const spent = { num: 0, date: today, lastApiFreeLessons: 2 };
    expect(refreshFreeLessons(spent, 2, NOW)).toBe(spent);
    expect(refreshFreeLessons(spent, 2, NOW + 60_000)).toEqual({
      num: 2,
      date: today + 1,
      lastApiFreeLessons: 2,
    });
    expect(refreshFreeLessons({ ...spent, date: today + 3 }, 2, NOW).num).toBe(2);
  });
  it('shifts today’s counter by a configuration change, not below 0', () => {
    const counter = { num: 1, date: today, lastApiFreeLessons: 2 };
    expect(refreshFreeLessons(counter, 4, NOW)).toEqual({ num: 3, date: today, lastApiFreeLessons: 4 });
    expect(refreshFreeLessons(counter, 0, NOW)).toEqual({ num: 0, date: today, lastApiFreeLessons: 0 });
    expect(refreshFreeLessons(counter, undefined, NOW)).toBe(counter);
    expect(refreshFreeLessons(counter, -3, NOW)).toEqual({ num: 0, date: today, lastApiFreeLessons: 0 });
  });
  it('uses one per learned lesson, not below 0', () => {
    const counter = { num: 1, date: today, lastApiFreeLessons: 2 };
    expect(consumeFreeLesson(counter).num).toBe(0);
    expect(consumeFreeLesson(consumeFreeLesson(counter)).num).toBe(0);
    expect(hasFreeLesson(counter)).toBe(true);
    expect(hasFreeLesson(consumeFreeLesson(counter))).toBe(false);
  });
  it('allows premium and secret access without free lessons, others go to /limit', () => {
    const none = { num: 0, date: today, lastApiFreeLessons: 2 };
    const one = { ...none, num: 1 };
    expect(lessonAccess({ premium: false, secretAccess: false, freeLessons: one })).toBe('allowed');
    expect(lessonAccess({ premium: false, secretAccess: false, freeLessons: none })).toBe('limit');
    expect(lessonAccess({ premium: true, secretAccess: false, freeLessons: none })).toBe('allowed');
    expect(lessonAccess({ premium: false, secretAccess: true, freeLessons: none })).toBe('allowed');
  });
  it('validates a stored counter', () => {
    expect(freeLessonsSchema.safeParse({ num: -1, date: today, lastApiFreeLessons: 2 }).success).toBe(false);
    expect(freeLessonsSchema.safeParse({ num: 1, date: today, lastApiFreeLessons: 2 }).success).toBe(true);
    expect(epochDay(DAY - 1)).toBe(0);
  });
});
