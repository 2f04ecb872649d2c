import type { ReminderKind } from '@parlo/core/reminders/schedule';
import { and, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { reminderDeliveries, settings, statistics, users } from '../../db/schema.ts';
import { newSecretToken } from '../../lib/tokens.ts';
import { addNotification } from '../notifications/notifications.repository.ts';

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

/**
 * Claims the learner's reminder of a local day and puts it under the bell, in one transaction: the
 * (learner, day) row is the claim, so two instances (or a retried run) never send it twice, and a failed
 * run sends nothing. The notification's id, or null when the day's reminder was already claimed.
 */
export async function claimReminder(
  db: Database,
  reminder: { userId: string; day: number; kind: ReminderKind; content: string },
  now: Date,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(reminderDeliveries)
      .values({ userId: reminder.userId, day: reminder.day, kind: reminder.kind, sentAt: now })
      .onConflictDoNothing()
      .returning({ day: reminderDeliveries.day });
    if (claimed.length === 0) return null;
    return addNotification(tx, reminder.userId, reminder.content, now);
  });
}

/** The learner's unsubscribe secret for reminder mails, made on first use. */
export async function reminderMailToken(db: Database, userId: string): Promise<string> {
  const [row] = await db
    .select({ token: settings.reminderMailToken })
    .from(settings)
    .where(eq(settings.userId, userId))
    .limit(1);
  if (row?.token) return row.token;
  const token = newSecretToken();
  await db.update(settings).set({ reminderMailToken: token }).where(eq(settings.userId, userId));
  return token;
}

/** The unsubscribe link was followed: no more reminder mails. False for an unknown secret. */
export async function stopReminderMails(db: Database, token: string): Promise<boolean> {
  const stopped = await db
    .update(settings)
    .set({ emailReminders: false })
    .where(eq(settings.reminderMailToken, token))
    .returning({ id: settings.id });
  return stopped.length > 0;
}
