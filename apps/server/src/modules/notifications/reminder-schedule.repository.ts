import { and, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { settings, statistics, users } from '../../db/schema.ts';

/**
 * The learners the reminders job must look at `now`: those whose stored minute has come, and those with
 * none yet (a new account, changed settings, a progress reset). Read through the index on the minute, so a
 * sweep reads the learners of its minute, not every learner (issue 30 item 18).
 */
export function learnersToLookAt(db: Database, now: Date) {
  return db
    .select({
      userId: settings.userId,
      uiLanguage: settings.uiLanguage,
      timeZone: settings.timeZone,
      notificationDays: settings.notificationDays,
      notificationTime: settings.notificationTime,
      motivationNotification: settings.motivationNotification,
      emailReminders: settings.emailReminders,
      reminderDueAt: settings.reminderDueAt,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      joinedAt: users.createdAt,
      lastTrainedAt: statistics.timestamp,
      daysContinuous: statistics.daysContinuous,
    })
    .from(settings)
    .innerJoin(statistics, eq(statistics.userId, settings.userId))
    .innerJoin(users, eq(users.id, settings.userId))
    .where(or(isNull(settings.reminderDueAt), lte(settings.reminderDueAt, now)));
}

/** One learner the job looked at: the minute it read, and the next one to look at them. */
export interface NextLook {
  userId: string;
  readDueAt: Date | null;
  nextDueAt: Date;
}

/**
 * Stores each learner's next minute, unless it changed since the job read it (the learner changed a
 * setting meanwhile: their cleared minute stands, and the next sweep looks at them). Learners sharing both
 * minutes (one zone and time) are moved in one statement.
 */
export async function storeNextLooks(db: Database, looks: readonly NextLook[]): Promise<void> {
  const groups = new Map<string, { read: Date | null; next: Date; userIds: string[] }>();
  for (const look of looks) {
    const key = `${look.readDueAt?.getTime() ?? 'none'}:${look.nextDueAt.getTime()}`;
    const group = groups.get(key);
    if (group) group.userIds.push(look.userId);
    else groups.set(key, { read: look.readDueAt, next: look.nextDueAt, userIds: [look.userId] });
  }
  for (const { read, next, userIds } of groups.values()) {
    await db
      .update(settings)
      .set({ reminderDueAt: next })
      .where(
        and(
          inArray(settings.userId, userIds),
          read === null ? isNull(settings.reminderDueAt) : eq(settings.reminderDueAt, read),
        ),
      );
  }
}
