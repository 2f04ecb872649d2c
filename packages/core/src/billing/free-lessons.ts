import { z } from 'zod';

/** SPEC §4 "Free lessons": how many lessons a free learner may still learn today. */

export const DEFAULT_FREE_LESSONS_PER_DAY = 2;
const MS_PER_DAY = 86_400_000;

/**
 * The counter as the spec's local record keeps it: `num` left today, `date` the UTC (epoch) day number it
 * belongs to, `lastApiFreeLessons` the configured daily amount it was last aligned with.
 */
export const freeLessonsSchema = z.object({
  num: z.number().int().nonnegative(),
  date: z.number().int(),
  lastApiFreeLessons: z.number().int().nonnegative(),
});
export type FreeLessons = z.output<typeof freeLessonsSchema>;

export function epochDay(epochMs: number): number {
  return Math.floor(epochMs / MS_PER_DAY);
}

/**
 * The counter at `now`: a new UTC day (or no counter yet) starts at the configured amount (2 when the
 * config is absent); a changed configuration shifts today's counter by the difference, never below 0.
 */
export function refreshFreeLessons(
  counter: FreeLessons | undefined,
  configuredPerDay: number | undefined,
  now: number,
): FreeLessons {
  const perDay = Math.max(0, configuredPerDay ?? DEFAULT_FREE_LESSONS_PER_DAY);
  const today = epochDay(now);
  if (!counter || counter.date !== today) return { num: perDay, date: today, lastApiFreeLessons: perDay };
  if (counter.lastApiFreeLessons === perDay) return counter;
  return {
    num: Math.max(0, counter.num + perDay - counter.lastApiFreeLessons),
    date: today,
    lastApiFreeLessons: perDay,
  };
}

/** A learned lesson uses one free lesson, never going below 0. */
export function consumeFreeLesson(counter: FreeLessons): FreeLessons {
  return { ...counter, num: Math.max(0, counter.num - 1) };
}

export function hasFreeLesson(counter: FreeLessons): boolean {
  return counter.num > 0;
}

export interface LessonAccessInput {
  premium: boolean;
  /** The 'secret' query parameter matched (SPEC §4); checked by the caller, the value is not known here. */
  secretAccess: boolean;
  freeLessons: FreeLessons;
}

/** SPEC §4: premium and secret access are unlimited; others need a free lesson left, or go to /limit. */
export function lessonAccess({ premium, secretAccess, freeLessons }: LessonAccessInput): 'allowed' | 'limit' {
  return premium || secretAccess || hasFreeLesson(freeLessons) ? 'allowed' : 'limit';
}
