import { oneClickUnsubscribePath } from '@parlo/contract/notifications';
import { dueReminder, reminderCheckAfter } from '@parlo/core/reminders/schedule';
import { reminderMessage, type ReminderMessage } from '@parlo/core/reminders/reminder-texts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { errors } from '../../lib/app-error.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { PushSender } from '../../lib/push.ts';
import { pushToDevices } from '../notifications/notifications.service.ts';
import { reminderMail } from './reminder-mail.ts';
import {
  claimReminder,
  learnersToLookAt,
  reminderMailToken,
  stopReminderMails,
  storeNextLooks,
  type NextLook,
} from './reminders.repository.ts';

/** Where a reminder goes besides the bell: push where set up, e-mail with the address its links point to. */
export interface ReminderChannels {
  log: FastifyBaseLogger;
  push?: PushSender;
  mail?: { mailer: Mailer; publicUrl: string };
}

/** Next minutes are stored in batches of this many learners as the sweep goes. */
const STORE_EVERY = 500;

/**
 * Each learner whose reminder is due on their own clock (packages/core reminders) gets it once per local
 * day: under the bell (claimed with the day, see `claimReminder`), then pushed after the commit (a push
 * service that is away loses the push, not the notification), else mailed. Only the learners whose stored
 * next minute has come are read (issue 30 item 18).
 */
export async function sendDueReminders(
  db: Database,
  now: Date,
  channels?: ReminderChannels,
): Promise<{ lookedAt: number; sent: number }> {
  const learners = await learnersToLookAt(db, now);
  const looked: NextLook[] = [];
  const storeLooked = async () => {
    await storeNextLooks(db, looked.splice(0));
  };

  let sent = 0;
  for (const learner of learners) {
    if (await remind(db, now, channels, learner)) sent += 1;
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
  return { lookedAt: learners.length, sent };
}

/** The unsubscribe link of a reminder mail was followed (or a mail client posted it): no more mails. */
export async function unsubscribeReminderMails(db: Database, token: string): Promise<void> {
  if (!(await stopReminderMails(db, token))) throw errors.notFound('Unsubscribe link');
}

type Learner = Awaited<ReturnType<typeof learnersToLookAt>>[number];

/** Sends the learner's reminder if one is due now and not yet sent today; true when it went out. */
async function remind(
  db: Database,
  now: Date,
  channels: ReminderChannels | undefined,
  learner: Learner,
): Promise<boolean> {
  const due = dueReminder(learner, { ...learner, joinedAt: learner.joinedAt.getTime() }, now.getTime());
  if (!due) return false;
  const message = reminderMessage(learner.uiLanguage, due.kind, due.streak);
  const notificationId = await claimReminder(
    db,
    { userId: learner.userId, day: due.day, kind: due.kind, content: message.body },
    now,
  );
  if (notificationId === null) return false;
  const pushed = channels?.push
    ? await pushToDevices({ db, push: channels.push, log: channels.log }, learner.userId, {
        title: message.title,
        body: message.body,
        url: '/dashboard',
        notificationId,
      })
    : { devices: 0, delivered: 0 };
  // E-mail is for learners without a device that takes push, and only to an address they confirmed.
  const mailable = learner.emailReminders && learner.emailVerifiedAt !== null;
  if (pushed.devices === 0 && mailable && channels?.mail) {
    await mailReminder(db, channels.mail, learner, message).catch((error: unknown) =>
      channels.log.warn({ err: error, userId: learner.userId }, 'reminder e-mail not sent'),
    );
  }
  return true;
}

async function mailReminder(
  db: Database,
  mail: NonNullable<ReminderChannels['mail']>,
  learner: { userId: string; email: string },
  message: ReminderMessage,
) {
  const token = await reminderMailToken(db, learner.userId);
  const base = mail.publicUrl.replace(/\/$/, '');
  await mail.mailer.send({
    to: learner.email,
    ...reminderMail(message, {
      app: `${base}/dashboard`,
      unsubscribe: `${base}/unsubscribe?token=${encodeURIComponent(token)}`,
      oneClick: `${base}${oneClickUnsubscribePath}?token=${encodeURIComponent(token)}`,
    }),
  });
}
