import { describe, expect, it } from 'vitest';
import {
  applyStatisticsSave,
  daysContinuousAsOf,
  emptyStatistics,
  recordActivity,
  statisticsSchema,
  weekActivityAsOf,
} from './statistics.ts';
import { isoWeekNumber, localDayNumber, weekdayIndex } from '../time/time-zone.ts';
import type { Activity, Statistics } from './statistics.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Wednesday 15 January 2025, 12:00 UTC.
const WEDNESDAY = Date.UTC(2025, 0, 15, 12);
const lesson: Activity = { pointsGained: 3, wordsLearned: 2, rightAnswers: 3, errorCount: 1 };
const savedAt = (epochMs: number, stats: Partial<Statistics> = {}): Statistics => ({
  ...emptyStatistics(),
  timestamp: Math.floor(epochMs / 1000),
  ...stats,
});

describe('calendar helpers', () => {
  it('numbers days on the learner’s wall clock', () => {
    expect(localDayNumber(Date.UTC(2025, 0, 15, 23), 'UTC')).toBe(localDayNumber(WEDNESDAY, 'UTC'));
    expect(localDayNumber(Date.UTC(2025, 0, 15, 23), 'Etc/GMT-2')).toBe(localDayNumber(WEDNESDAY, 'UTC') + 1);
    expect(localDayNumber(Date.UTC(2025, 0, 15, 1), 'Etc/GMT+2')).toBe(localDayNumber(WEDNESDAY, 'UTC') - 1);
  });
  it('starts weeks on Monday', () => {
    const wednesday = localDayNumber(WEDNESDAY, 'UTC');
    expect(weekdayIndex(wednesday)).toBe(2);
    expect(weekdayIndex(wednesday - 2)).toBe(0);
    expect(weekdayIndex(wednesday + 4)).toBe(6);
    expect(weekdayIndex(0)).toBe(3);
    expect(weekdayIndex(-1)).toBe(2);
    expect(isoWeekNumber(wednesday - 2)).toBe(isoWeekNumber(wednesday + 4));
    expect(isoWeekNumber(wednesday + 5)).toBe(isoWeekNumber(wednesday) + 1);
  });
});

describe('saving statistics', () => {
  it('adds days, right answers and errors and replaces points, streak, words and week', () => {
    const stored = savedAt(0, {
      days: 4,
      rightAnswers: 10,
      errorCount: 2,
      points: 50,
      daysContinuous: 3,
      words: 7,
    });
    const saved = applyStatisticsSave(stored, {
      days: 1,
      rightAnswers: 5,
      errorCount: 1,
      points: 60,
      daysContinuous: 4,
      words: 9,
      weekActivity: [true, false, false, false, false, false, false],
      timestamp: 123,
    });
    expect(saved).toEqual({
      days: 5,
      rightAnswers: 15,
      errorCount: 3,
      points: 60,
      daysContinuous: 4,
      words: 9,
      weekActivity: [true, false, false, false, false, false, false],
      timestamp: 123,
    });
  });

  it('starts the first save at one day and a streak of one', () => {
    const saved = recordActivity(emptyStatistics(), lesson, WEDNESDAY, 'UTC');
    expect(saved).toEqual({
      points: 3,
      words: 2,
      days: 1,
      daysContinuous: 1,
      rightAnswers: 3,
      errorCount: 1,
      weekActivity: [false, false, true, false, false, false, false],
      timestamp: WEDNESDAY / 1000,
    });
  });

  it('keeps days and streak on the same local day', () => {
    const stored = savedAt(WEDNESDAY - 2 * HOUR, { days: 5, daysContinuous: 3 });
    expect(recordActivity(stored, lesson, WEDNESDAY, 'UTC')).toMatchObject({ days: 5, daysContinuous: 3 });
  });

  it('adds a day and extends the streak on the next local day', () => {
    const stored = savedAt(WEDNESDAY - DAY, { days: 5, daysContinuous: 3 });
    expect(recordActivity(stored, lesson, WEDNESDAY, 'UTC')).toMatchObject({ days: 6, daysContinuous: 4 });
  });

  it('restarts the streak after a missed day', () => {
    const stored = savedAt(WEDNESDAY - 2 * DAY, { days: 5, daysContinuous: 3 });
    expect(recordActivity(stored, lesson, WEDNESDAY, 'UTC')).toMatchObject({ days: 6, daysContinuous: 1 });
  });

  it('uses the learner’s zone for the day boundary', () => {
    // 22:30 and 23:30 UTC are the same UTC day but different days at UTC+1.
    const evening = Date.UTC(2025, 0, 15, 22, 30);
    const stored = savedAt(evening, { days: 1, daysContinuous: 1 });
    expect(recordActivity(stored, lesson, evening + HOUR, 'UTC')).toMatchObject({
      days: 1,
      daysContinuous: 1,
    });
    expect(recordActivity(stored, lesson, evening + HOUR, 'Etc/GMT-1')).toMatchObject({
      days: 2,
      daysContinuous: 2,
    });
  });

  it('treats a clock that went back as the same day', () => {
    const stored = savedAt(WEDNESDAY + DAY, { days: 2, daysContinuous: 2 });
    expect(recordActivity(stored, lesson, WEDNESDAY, 'UTC')).toMatchObject({ days: 2, daysContinuous: 2 });
  });

  it('marks today in the week and resets the week when a new one starts', () => {
    const monday = WEDNESDAY - 2 * DAY;
    const stored = savedAt(monday, { weekActivity: [true, false, false, false, false, false, false] });
    expect(recordActivity(stored, lesson, WEDNESDAY, 'UTC').weekActivity).toEqual([
      true,
      false,
      true,
      false,
      false,
      false,
      false,
    ]);
    const nextMonday = monday + 7 * DAY;
    expect(recordActivity(stored, lesson, nextMonday, 'UTC').weekActivity).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    const sunday = monday + 6 * DAY;
    expect(recordActivity(stored, lesson, sunday, 'UTC').weekActivity).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
      true,
    ]);
  });

  it('validates stored statistics', () => {
    expect(statisticsSchema.safeParse(emptyStatistics()).success).toBe(true);
    expect(statisticsSchema.safeParse({ ...emptyStatistics(), weekActivity: [true] }).success).toBe(false);
    expect(statisticsSchema.safeParse({ ...emptyStatistics(), points: -1 }).success).toBe(false);
  });
});

describe('statistics as displayed', () => {
  const stored = savedAt(WEDNESDAY, {
    daysContinuous: 4,
    weekActivity: [true, true, true, false, false, false, false],
  });
  it('shows this week’s activity only during that week', () => {
    expect(weekActivityAsOf(stored, WEDNESDAY + DAY, 'UTC')).toEqual(stored.weekActivity);
    expect(weekActivityAsOf(stored, WEDNESDAY + 5 * DAY, 'UTC')).toEqual(Array(7).fill(false));
    expect(weekActivityAsOf(emptyStatistics(), WEDNESDAY, 'UTC')).toEqual(Array(7).fill(false));
  });
  it('keeps the streak until the day after the last activity ends', () => {
    expect(daysContinuousAsOf(stored, WEDNESDAY + DAY, 'UTC')).toBe(4);
    expect(daysContinuousAsOf(stored, WEDNESDAY + 2 * DAY, 'UTC')).toBe(0);
    expect(daysContinuousAsOf(emptyStatistics(), WEDNESDAY, 'UTC')).toBe(0);
  });
});
