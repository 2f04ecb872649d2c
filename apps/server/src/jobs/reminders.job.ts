import { dueReminder } from '@parlo/core/reminders/schedule';
import { reminderMessage, type ReminderMessage } from '@parlo/core/reminders/reminder-texts';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { reminderDeliveries, settings, statistics, users } from '../db/schema.ts';
import { addNotification, reminderMailToken } from '../modules/notifications/notifications.repository.ts';
import { reminderMail } from '../modules/notifications/reminder-mail.ts';
import { pushToDevices } from '../modules/notifications/notifications.service.ts';
import type { SlotOutcome } from './run-once-per-slot.ts';
import type { JobServices } from './scheduler.ts';

export const REMINDERS_JOB = 'send-reminders';

/**
 * Every minute: each learner whose reminder is due on their own clock (packages/core reminders) gets it
 * once per local day. The (learner, day) row is the claim: it commits together with the bell's
 * notification, so two instances (or a retried run) never send it twice and a failed run sends nothing.
 * The push goes after the commit; a push service that is away loses the push, not the notification.
 */
export async function sendDueReminders(
  db: Database,
  now: Date,
  services?: JobServices,
): Promise<SlotOutcome> {
  const learners = await db
    .select({
      userId: settings.userId,
      uiLanguage: settings.uiLanguage,
      timeZone: settings.timeZone,
      notificationDays: settings.notificationDays,
      notificationTime: settings.notificationTime,
      motivationNotification: settings.motivationNotification,
      emailReminders: settings.emailReminders,
      email: users.email,
      joinedAt: users.createdAt,
      lastTrainedAt: statistics.timestamp,
      daysContinuous: statistics.daysContinuous,
    })
    .from(settings)
    .innerJoin(statistics, eq(statistics.userId, settings.userId))
    .innerJoin(users, eq(users.id, settings.userId));

  let sent = 0;
  for (const learner of learners) {
    const due = dueReminder(learner, { ...learner, joinedAt: learner.joinedAt.getTime() }, now.getTime());
    if (!due) continue;
    const message = reminderMessage(learner.uiLanguage, due.kind, due.streak);
    const notificationId = await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(reminderDeliveries)
        .values({ userId: learner.userId, day: due.day, kind: due.kind, sentAt: now })
        .onConflictDoNothing()
        .returning({ day: reminderDeliveries.day });
      if (claimed.length === 0) return null;
      return addNotification(tx, learner.userId, message.body, now);
    });
    if (notificationId === null) continue;
    sent += 1;
    const pushed = services?.push
      ? await pushToDevices({ db, push: services.push, log: services.log }, learner.userId, {
          title: message.title,
          body: message.body,
          url: '/dashboard',
          notificationId,
        })
      : { devices: 0, delivered: 0 };
    // E-mail is for learners without a device that takes push.
    if (pushed.devices === 0 && learner.emailReminders && services?.mail) {
      await mailReminder(db, services, learner, message).catch((error: unknown) =>
        services.log.warn({ err: error, userId: learner.userId }, 'reminder e-mail not sent'),
      );
    }
  }
  return sent > 0 ? 'ran' : 'already-done';
}

async function mailReminder(
  db: Database,
  services: JobServices,
  learner: { userId: string; email: string },
  message: ReminderMessage,
) {
  if (!services.mail) return;
  const token = await reminderMailToken(db, learner.userId);
  const base = services.mail.publicUrl.replace(/\/$/, '');
  await services.mail.mailer.send({
    to: learner.email,
    ...reminderMail(message, {
      app: `${base}/dashboard`,
      unsubscribe: `${base}/unsubscribe?token=${encodeURIComponent(token)}`,
    }),
  });
}
