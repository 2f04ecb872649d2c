import { localDayNumber, localMinuteOfDay, weekdayIndex } from '../time/time-zone.ts';

/** What a learner chose on /select-reminders and in the reminders panel (SPEC §3 Settings). */
export interface ReminderChoice {
  timeZone: string;
  /** Seven booleans, Monday first. */
  notificationDays: readonly boolean[];
  /** Minutes since local midnight. */
  notificationTime: number;
  motivationNotification: boolean;
}

/** The learner's training so far (SPEC §3 Statistics). */
export interface TrainingRecord {
  /** Epoch seconds of the last lesson; 0 when never trained. */
  lastTrainedAt: number;
  daysContinuous: number;
  /** Epoch ms the account was made. */
  joinedAt: number;
}

/**
 * - `reminder`: a chosen day, the chosen time has come, and no lesson yet today.
 * - `motivation`: the streak ends tonight (trained yesterday, not yet today) and the learner wants to
 *   hear it; it is sent at the reminder time, on any day, and replaces that day's plain reminder.
 */
export type ReminderKind = 'reminder' | 'motivation';

export interface DueReminder {
  kind: ReminderKind;
  /** The learner's local day it belongs to (days since 1970-01-01): one reminder per learner per day. */
  day: number;
  /** The streak that ends tonight (motivation) or stands (reminder). */
  streak: number;
}

/**
 * How late a reminder may still go out: a check delayed by a restart or a busy queue still sends it, but
 * a learner who signs up (or moves the time) hours after it is not reminded of a moment long past.
 */
export const REMINDER_WINDOW_MINUTES = 60;

/**
 * The reminder due at `now` (epoch ms), if any. Checked every minute; the `day` lets the caller send it
 * once per local day.
 */
export function dueReminder(
  choice: ReminderChoice,
  training: TrainingRecord,
  now: number,
): DueReminder | null {
  const today = localDayNumber(now, choice.timeZone);
  const minute = localMinuteOfDay(now, choice.timeZone);
  if (minute < choice.notificationTime || minute >= choice.notificationTime + REMINDER_WINDOW_MINUTES) {
    return null;
  }
  if (joinedAfterReminderMinute(training.joinedAt, today, choice)) return null;
  const lastDay =
    training.lastTrainedAt === 0 ? null : localDayNumber(training.lastTrainedAt * 1000, choice.timeZone);
  if (lastDay !== null && lastDay >= today) return null;
  const streakEndsTonight = lastDay === today - 1 && training.daysContinuous > 0;
  if (streakEndsTonight && choice.motivationNotification) {
    return { kind: 'motivation', day: today, streak: training.daysContinuous };
  }
  if (!choice.notificationDays[weekdayIndex(today)]) return null;
  return { kind: 'reminder', day: today, streak: streakEndsTonight ? training.daysContinuous : 0 };
}

/**
 * A reminder is for a moment the learner lived through as a learner: an account made after today's
 * reminder minute began (a sign-up at 19:15 with the default 19:00) hears nothing until tomorrow, rather
 * than "Time for today's lesson" while it is still on its first page (ADR 040). The minute itself counts
 * as not yet past, as everywhere else a reminder time is a whole minute.
 */
function joinedAfterReminderMinute(joinedAt: number, today: number, choice: ReminderChoice): boolean {
  const joinedDay = localDayNumber(joinedAt, choice.timeZone);
  if (joinedDay !== today) return joinedDay > today;
  return localMinuteOfDay(joinedAt, choice.timeZone) > choice.notificationTime;
}
