import { oneClickUnsubscribePath } from '@parlo/contract/notifications';
import { dueReminder, reminderCheckAfter } from '@parlo/core/reminders/schedule';
import { reminderMessage, type ReminderMessage } from '@parlo/core/reminders/reminder-texts';
import type { Database } from '../db/client.ts';
import { reminderDeliveries } from '../db/schema.ts';
import { addNotification, reminderMailToken } from '../modules/notifications/notifications.repository.ts';
import { reminderMail } from '../modules/notifications/reminder-mail.ts';
import {
  learnersToLookAt,
  storeNextLooks,
  type NextLook,
} from '../modules/notifications/reminder-schedule.repository.ts';
import { pushToDevices } from '../modules/notifications/notifications.service.ts';
import type { SlotOutcome } from './run-once-per-slot.ts';
import type { JobServices } from './scheduler.ts';

export const REMINDERS_JOB = 'send-reminders';

/** Next minutes are stored in batches of this many learners as the sweep goes. */
const STORE_EVERY = 500;

/**
 * Every minute: each learner whose reminder is due on their own clock (packages/core reminders) gets it
 * once per local day. The (learner, day) row is the claim: it commits together with the bell's
 * notification, so two instances (or a retried run) never send it twice and a failed run sends nothing.
 * The push goes after the commit; a push service that is away loses the push, not the notification.
 * Only the learners whose stored next minute has come are read (issue 30 item 18).
 */
export async function sendDueReminders(
  db: Database,
  now: Date,
  services?: JobServices,
): Promise<SlotOutcome> {
  const learners = await learnersToLookAt(db, now);
  const looked: NextLook[] = [];
  const storeLooked = async () => {
    await storeNextLooks(db, looked.splice(0));
  };

  let sent = 0;
  for (const learner of learners) {
    if (await remind(db, now, services, learner)) sent += 1;
    // Looked at (and its reminder sent, if due): the next look that can find anything is the next day's
    // reminder hour. Stored only now, so a run that fails on this learner looks at them again.
    looked.push({
      userId: learner.userId,
      readDueAt: learner.reminderDueAt,
      nextDueAt: new Date(reminderCheckAfter(learner, now.getTime())),
    });
    if (looked.length >= STORE_EVERY) await storeLooked();
  }
  await storeLooked();
  services?.log.debug({ lookedAt: learners.length, sent }, 'reminders sweep');
  return sent > 0 ? 'ran' : 'already-done';
}

type Learner = Awaited<ReturnType<typeof learnersToLookAt>>[number];

/** Sends the learner's reminder if one is due now and not yet sent today; true when it went out. */
async function remind(
  db: Database,
  now: Date,
  services: JobServices | undefined,
  learner: Learner,
): Promise<boolean> {
  const due = dueReminder(learner, { ...learner, joinedAt: learner.joinedAt.getTime() }, now.getTime());
  if (!due) return false;
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
  if (notificationId === null) return false;
  const pushed = services?.push
    ? await pushToDevices({ db, push: services.push, log: services.log }, learner.userId, {
        title: message.title,
        body: message.body,
        url: '/dashboard',
        notificationId,
      })
    : { devices: 0, delivered: 0 };
  // E-mail is for learners without a device that takes push, and only to an address they confirmed.
  const mailable = learner.emailReminders && learner.emailVerifiedAt !== null;
  if (pushed.devices === 0 && mailable && services?.mail) {
    await mailReminder(db, services, learner, message).catch((error: unknown) =>
      services.log.warn({ err: error, userId: learner.userId }, 'reminder e-mail not sent'),
    );
  }
  return true;
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
      oneClick: `${base}${oneClickUnsubscribePath}?token=${encodeURIComponent(token)}`,
    }),
  });
}
