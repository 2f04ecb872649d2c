import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localDayNumber, weekdayIndex } from '../time/time-zone.ts';
import { recordActivity } from './statistics.ts';
import type { Activity, Statistics } from './statistics.ts';

const FROM = Date.UTC(2020, 0, 1);
const TO = Date.UTC(2030, 0, 1);

const statisticsArbitrary: fc.Arbitrary<Statistics> = fc.record({
  points: fc.nat(100_000),
  words: fc.nat(10_000),
  days: fc.nat(5_000),
  daysContinuous: fc.nat(5_000),
  rightAnswers: fc.nat(100_000),
  errorCount: fc.nat(100_000),
  weekActivity: fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }),
  timestamp: fc.oneof(fc.constant(0), fc.integer({ min: FROM / 1000, max: TO / 1000 })),
});
const activityArbitrary: fc.Arbitrary<Activity> = fc.record({
  pointsGained: fc.nat(600),
  wordsLearned: fc.nat(20),
  rightAnswers: fc.nat(30),
  errorCount: fc.nat(30),
});
const instant = fc.integer({ min: FROM, max: TO });
// Every zone Intl knows, from UTC−12 to UTC+14, with and without DST.
const timeZone = fc.constantFrom(...Intl.supportedValuesOf('timeZone'));

describe('statistics properties', () => {
  it('a save never loses totals, keeps a streak of at least 1 and marks today', () => {
    fc.assert(
      fc.property(
        statisticsArbitrary,
        activityArbitrary,
        instant,
        timeZone,
        (stored, activity, now, zone) => {
          const saved = recordActivity(stored, activity, now, zone);
          expect(saved.days).toBeGreaterThanOrEqual(stored.days);
          expect(saved.days - stored.days).toBeLessThanOrEqual(1);
          expect(saved.daysContinuous).toBeGreaterThanOrEqual(1);
          expect(saved.weekActivity).toHaveLength(7);
          expect(saved.weekActivity[weekdayIndex(localDayNumber(now, zone))]).toBe(true);
          expect(saved.points).toBe(stored.points + activity.pointsGained);
          expect(saved.rightAnswers).toBe(stored.rightAnswers + activity.rightAnswers);
          expect(saved.errorCount).toBe(stored.errorCount + activity.errorCount);
          expect(saved.words).toBe(stored.words + activity.wordsLearned);
        },
      ),
    );
  });

  it('counts each local day once and never lets the streak exceed the days learned in a row', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 3 * 86_400_000 }), { minLength: 1, maxLength: 30 }),
        timeZone,
        (gaps, zone) => {
          let stats: Statistics = {
            points: 0,
            words: 0,
            days: 0,
            daysContinuous: 0,
            rightAnswers: 0,
            errorCount: 0,
            weekActivity: Array<boolean>(7).fill(false),
            timestamp: 0,
          };
          let now = FROM;
          const days = new Set<number>();
          for (const gap of gaps) {
            now += gap;
            stats = recordActivity(
              stats,
              { pointsGained: 1, wordsLearned: 0, rightAnswers: 1, errorCount: 0 },
              now,
              zone,
            );
            days.add(localDayNumber(Math.floor(now / 1000) * 1000, zone));
            expect(stats.days).toBe(days.size);
            expect(stats.daysContinuous).toBeLessThanOrEqual(stats.days);
            expect(stats.weekActivity.filter(Boolean).length).toBeLessThanOrEqual(7);
          }
        },
      ),
    );
  });
});
