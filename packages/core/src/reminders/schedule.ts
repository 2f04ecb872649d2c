import {
  localDayNumber,
  localMinuteOfDay,
  MS_PER_MINUTE,
  weekdayIndex,
  zoneOffsetAt,
} from '../time/time-zone.ts';

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

/** Whether `epochMs` lies in the hour from the chosen local time on, the only minutes a reminder is due in. */
function inReminderHour(choice: Pick<ReminderChoice, 'timeZone' | 'notificationTime'>, epochMs: number) {
  const minute = localMinuteOfDay(epochMs, choice.timeZone);
  return minute >= choice.notificationTime && minute < choice.notificationTime + REMINDER_WINDOW_MINUTES;
}

/**
 * The first whole minute (epoch ms) at or after `fromMs` in which `dueReminder` can answer anything but
 * null: the learner's chosen local time has come and its hour is not over. DST included: where the chosen
 * time does not exist that day (clocks jump past it) the hour starts with the first minute after the jump;
 * where it exists twice, with the first. The reminders job stores it per learner, so that one minute's
 * sweep reads only the learners due in it (issue 30 item 18).
 */
export function nextReminderCheck(
  choice: Pick<ReminderChoice, 'timeZone' | 'notificationTime'>,
  fromMs: number,
): number {
  const zone = choice.timeZone;
  let from = Math.floor(fromMs / MS_PER_MINUTE) * MS_PER_MINUTE;
  const wallOf = (epochMs: number) => epochMs + zoneOffsetAt(zone, epochMs) * MS_PER_MINUTE;
  // Three tries: a day whose chosen minute falls in a DST gap can send the search one step further.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (inReminderHour(choice, from)) return from;
    const minute = localMinuteOfDay(from, zone);
    const ahead =
      minute < choice.notificationTime
        ? choice.notificationTime - minute
        : 24 * 60 - minute + choice.notificationTime;
    // The chosen minute's wall-clock time, and the instants that show it before and after any change of
    // offset in between; the earliest one that really shows it is the answer.
    const wall = wallOf(from) + ahead * MS_PER_MINUTE;
    const before = wall - zoneOffsetAt(zone, from) * MS_PER_MINUTE;
    const after = wall - zoneOffsetAt(zone, before) * MS_PER_MINUTE;
    const exact = [Math.min(before, after), Math.max(before, after)].find(
      (candidate) => candidate >= from && wallOf(candidate) === wall,
    );
    if (exact !== undefined) return exact;
    // The chosen time does not exist that day: its hour opens with the first minute after the jump.
    const end = Math.max(before, after) + 2 * 60 * MS_PER_MINUTE;
    for (let minuteMs = Math.max(from, Math.min(before, after) - 60 * MS_PER_MINUTE); minuteMs <= end;) {
      if (inReminderHour(choice, minuteMs)) return minuteMs;
      minuteMs += MS_PER_MINUTE;
    }
    from = end;
  }
  throw new Error(`no reminder minute found in ${zone} after ${new Date(fromMs).toISOString()}`);
}

/**
 * After the job looked at a learner at `now` (and sent what was due, or found nothing to send): the next
 * minute worth looking again. Inside the reminder hour that is the next day's hour, since what decided
 * this one stays as it is (the day's reminder sent or not needed, the account's age, a lesson trained
 * today; a progress reset counts as training now) unless the learner changes a setting, which clears the
 * stored minute.
 */
export function reminderCheckAfter(
  choice: Pick<ReminderChoice, 'timeZone' | 'notificationTime'>,
  now: number,
): number {
  const minute = localMinuteOfDay(now, choice.timeZone);
  if (!inReminderHour(choice, now)) return nextReminderCheck(choice, now);
  const hourLeft = choice.notificationTime + REMINDER_WINDOW_MINUTES - minute;
  return nextReminderCheck(
    choice,
    Math.floor(now / MS_PER_MINUTE) * MS_PER_MINUTE + hourLeft * MS_PER_MINUTE,
  );
}
