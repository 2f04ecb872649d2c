import { z } from 'zod';
import { isoWeekNumber, localDayNumber, weekdayIndex } from '../time/time-zone.ts';

/** SPEC §3 Statistics (without the storage ids). `timestamp` is the last save, epoch seconds; 0 = never. */
export const statisticsSchema = z.object({
  points: z.number().int().nonnegative(),
  words: z.number().int().nonnegative(),
  days: z.number().int().nonnegative(),
  daysContinuous: z.number().int().nonnegative(),
  rightAnswers: z.number().int().nonnegative(),
  errorCount: z.number().int().nonnegative(),
  /** Monday first. */
  weekActivity: z.array(z.boolean()).length(7),
  timestamp: z.number().int().nonnegative(),
});
export type Statistics = z.output<typeof statisticsSchema>;

/** Also what 'reset progress' leaves behind (SPEC §4). */
export function emptyStatistics(): Statistics {
  return {
    points: 0,
    words: 0,
    days: 0,
    daysContinuous: 0,
    rightAnswers: 0,
    errorCount: 0,
    weekActivity: [false, false, false, false, false, false, false],
    timestamp: 0,
  };
}

/**
 * A save as the client sends it (SPEC §4): `days`, `rightAnswers` and `errorCount` are increments added to
 * the stored values; `points`, `daysContinuous`, `words` and `weekActivity` are new values replacing them.
 */
export interface StatisticsSave {
  days: number;
  rightAnswers: number;
  errorCount: number;
  points: number;
  daysContinuous: number;
  words: number;
  weekActivity: readonly boolean[];
  timestamp: number;
}

export function applyStatisticsSave(stored: Statistics, save: StatisticsSave): Statistics {
  return {
    days: stored.days + save.days,
    rightAnswers: stored.rightAnswers + save.rightAnswers,
    errorCount: stored.errorCount + save.errorCount,
    points: save.points,
    daysContinuous: save.daysContinuous,
    words: save.words,
    weekActivity: [...save.weekActivity],
    timestamp: save.timestamp,
  };
}

/** What one lesson or blitz adds to the learner's statistics. */
export interface Activity {
  pointsGained: number;
  wordsLearned: number;
  rightAnswers: number;
  errorCount: number;
}

/**
 * The save SPEC §4 prescribes for an activity at `now` (epoch ms) in the learner's IANA time zone:
 * - `days` counts learning days: +1 only on the first activity of a new local day.
 * - `daysContinuous`: same day keeps the count, the next day adds one, a longer gap restarts at 1.
 * - `weekActivity` marks today and starts afresh when a new ISO week (Monday first) has begun.
 * A clock that went backwards (or a zone change) is treated as the same day rather than erasing the streak.
 */
export function statisticsSaveFor(
  stored: Statistics,
  activity: Activity,
  now: number,
  timeZone: string,
): StatisticsSave {
  const today = localDayNumber(now, timeZone);
  const neverSaved = stored.timestamp === 0;
  const lastDay = localDayNumber(stored.timestamp * 1000, timeZone);
  const newDay = neverSaved || today > lastDay;
  const gap = today - lastDay;

  let daysContinuous: number;
  if (neverSaved || stored.daysContinuous < 1) daysContinuous = 1;
  else if (gap <= 0) daysContinuous = stored.daysContinuous;
  else if (gap === 1) daysContinuous = stored.daysContinuous + 1;
  else daysContinuous = 1;

  const sameWeek = !neverSaved && isoWeekNumber(today) <= isoWeekNumber(lastDay);
  const weekActivity = sameWeek
    ? [...stored.weekActivity]
    : [false, false, false, false, false, false, false];
  weekActivity[weekdayIndex(today)] = true;

  return {
    days: newDay ? 1 : 0,
    rightAnswers: activity.rightAnswers,
    errorCount: activity.errorCount,
    points: stored.points + activity.pointsGained,
    daysContinuous,
    words: stored.words + activity.wordsLearned,
    weekActivity,
    timestamp: Math.floor(now / 1000),
  };
}

export function recordActivity(
  stored: Statistics,
  activity: Activity,
  now: number,
  timeZone: string,
): Statistics {
  return applyStatisticsSave(stored, statisticsSaveFor(stored, activity, now, timeZone));
}

/**
 * The week row to display at `now`: the stored one belongs to the week of the last save, so it reads as
 * empty once a new week has begun without activity.
 */
export function weekActivityAsOf(stored: Statistics, now: number, timeZone: string): boolean[] {
  const sameWeek =
    stored.timestamp !== 0 &&
    isoWeekNumber(localDayNumber(now, timeZone)) ===
      isoWeekNumber(localDayNumber(stored.timestamp * 1000, timeZone));
  return sameWeek ? [...stored.weekActivity] : [false, false, false, false, false, false, false];
}

/** The streak to display at `now`: it survives until the end of the day after the last activity. */
export function daysContinuousAsOf(stored: Statistics, now: number, timeZone: string): number {
  if (stored.timestamp === 0) return 0;
  const gap = localDayNumber(now, timeZone) - localDayNumber(stored.timestamp * 1000, timeZone);
  return gap <= 1 ? stored.daysContinuous : 0;
}
