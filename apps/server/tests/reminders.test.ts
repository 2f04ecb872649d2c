import { getUser, login, replaceSettings } from '@parlo/contract/accounts';
import {
  markNotificationsRead,
  notifications as notificationsCall,
  oneClickUnsubscribe,
  pushMessageSchema,
  pushPublicKey,
  savePushSubscription,
  unsubscribeReminderMails,
} from '@parlo/contract/notifications';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { notifications, pushSubscriptions, statistics, users } from '../src/db/schema.ts';
import { REMINDERS_JOB, sendDueReminders } from '../src/jobs/reminders.job.ts';
import { startScheduler } from '../src/jobs/scheduler.ts';
import type { OutgoingMail } from '../src/lib/mailer.ts';
import { confirmEmail, createTestApp, registerLearner, type SignedIn, type TestApp } from './helper.ts';
import { injectCall } from './support/inject-call.ts';
import { startPushService } from './support/push-service.ts';

let t: TestApp;
let pushService: Awaited<ReturnType<typeof startPushService>>;
const log = pino({ level: 'silent' });
beforeAll(async () => {
  t = await createTestApp();
  pushService = await startPushService();
});
afterAll(async () => {
  await pushService.close();
  await t.close();
});

// Tuesday 2026-11-24 08:00 in Tokyo.
const EIGHT_IN_TOKYO = new Date('2026-11-23T23:00:00Z');
const DAY_MS = 86_400_000;

/** A learner in Tokyo who wants a reminder at 08:00 every day, in Russian. */
async function tokyoLearner(): Promise<SignedIn & { settingsId: number }> {
  const learner = await registerLearner(t.app);
  const me = await injectCall(t.app, getUser, { params: { id: learner.userId }, headers: learner.headers });
  const settingsId = me.data.settings.id;
  const saved = await injectCall(t.app, replaceSettings, {
    params: { id: settingsId },
    headers: learner.headers,
    body: {
      timeZone: 'Asia/Tokyo',
      uiLanguage: 'ru',
      notificationTime: 8 * 60,
      notificationDays: [true, true, true, true, true, true, true],
      motivationNotification: true,
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  // A learner of long standing: a reminder is never for a minute before the account was made (ADR 040).
  await t.database.db
    .update(users)
    .set({ createdAt: new Date(EIGHT_IN_TOKYO.getTime() - 7 * DAY_MS) })
    .where(eq(users.id, learner.userId));
  return { ...learner, settingsId };
}

async function subscribeDevice(learner: SignedIn) {
  const key = await injectCall(t.app, pushPublicKey, { headers: learner.headers });
  const device = await pushService.subscribe(key.data.publicKey);
  const saved = await injectCall(t.app, savePushSubscription, {
    headers: learner.headers,
    body: { endpoint: device.endpoint, keys: device.keys },
  });
  expect(saved.statusCode, saved.body).toBe(204);
  return device;
}

async function bell(learner: SignedIn) {
  const response = await injectCall(t.app, notificationsCall, { headers: learner.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.data;
}

const services = () => ({
  log,
  push: t.push,
  mail: {
    mailer: { send: async (mail: OutgoingMail) => void t.mails.push(mail) },
    publicUrl: 'http://parlo.test',
  },
});

describe('reminders through Web Push and the bell', () => {
  it('delivers an encrypted reminder at 08:00 local, lists it in the bell on every device, marks it read', async () => {
    const learner = await tokyoLearner();
    const laptop = await subscribeDevice(learner);
    const phone = await subscribeDevice(learner);
    // Another sign-in of the same learner: the bell is the same there.
    const otherSession = await injectCall(t.app, login, {
      body: { email: learner.email, password: learner.password },
    });
    const elsewhere = {
      ...learner,
      headers: { authorization: `Bearer ${otherSession.data.accessToken}` },
    };

    await sendDueReminders(t.database.db, new Date(EIGHT_IN_TOKYO.getTime() - 60_000), services());
    expect((await bell(learner)).total).toBe(0);

    await sendDueReminders(t.database.db, EIGHT_IN_TOKYO, services());
    for (const device of [laptop, phone]) {
      const [payload, ...more] = await pushService.messages(device.clientHash);
      expect(more).toHaveLength(0);
      // The payload is the contract's push message, as the service worker reads it.
      expect(pushMessageSchema.parse(JSON.parse(payload!))).toMatchObject({
        title: 'Parlo',
        body: expect.stringMatching(/урок/),
        url: '/dashboard',
      });
    }

    // The same minute again (another tick, a retried job): nothing more.
    await sendDueReminders(t.database.db, new Date(EIGHT_IN_TOKYO.getTime() + 60_000), services());
    expect(await pushService.messages(laptop.clientHash)).toHaveLength(1);

    const seen = await bell(elsewhere);
    expect(seen).toMatchObject({ total: 1, read: 0 });
    expect(seen.notifications[0]?.content).toMatch(/урок/);
    const read = await injectCall(t.app, markNotificationsRead, {
      headers: learner.headers,
      body: { upToId: seen.notifications[0]!.id },
    });
    expect(read.statusCode).toBe(204);
    expect(await bell(elsewhere)).toMatchObject({ total: 1, read: 1, notifications: [{ read: true }] });

    // The phone's browser unsubscribed: the push service answers 410 and the subscription goes.
    await pushService.expire(phone.clientHash);
    await sendDueReminders(t.database.db, new Date(EIGHT_IN_TOKYO.getTime() + DAY_MS), services());
    const left = await t.database.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, learner.userId));
    expect(left.map((row) => row.endpoint)).toEqual([laptop.endpoint]);
    expect(await pushService.messages(laptop.clientHash)).toHaveLength(2);
    const newest = (await bell(learner)).notifications;
    expect(newest.map((item) => item.read)).toEqual([false, true]);
  });

  it('says nothing on a day the learner already trained, and warns that a streak ends tonight', async () => {
    const learner = await tokyoLearner();
    // Trained at 07:00 Tokyo today: no reminder at 08:00.
    await t.database.db
      .update(statistics)
      .set({ timestamp: Math.floor((EIGHT_IN_TOKYO.getTime() - 3_600_000) / 1000), daysContinuous: 3 })
      .where(eq(statistics.userId, learner.userId));
    await sendDueReminders(t.database.db, EIGHT_IN_TOKYO, services());
    expect((await bell(learner)).total).toBe(0);
    // The next day, nothing yet: the 3-day streak ends tonight (Russian: "3 дня").
    await sendDueReminders(t.database.db, new Date(EIGHT_IN_TOKYO.getTime() + DAY_MS), services());
    expect((await bell(learner)).notifications[0]?.content).toContain('3 дня');
  });

  it('e-mails learners without push who chose it, with a one-click unsubscribe link', async () => {
    const learner = await tokyoLearner();
    const withPush = await tokyoLearner();
    await subscribeDevice(withPush);
    for (const who of [learner, withPush]) {
      await confirmEmail(t, who);
      await injectCall(t.app, replaceSettings, {
        params: { id: who.settingsId },
        headers: who.headers,
        body: { emailReminders: true },
      });
    }
    const before = t.mails.length;
    await sendDueReminders(t.database.db, new Date(EIGHT_IN_TOKYO.getTime() + 3 * DAY_MS), services());
    const mails = t.mails
      .slice(before)
      .filter((mail) => mail.to === learner.email || mail.to === withPush.email);
    expect(mails.map((mail) => mail.to)).toEqual([learner.email]);
    const [mail] = mails;
    expect(mail).toMatchObject({ language: 'ru', subject: expect.stringMatching(/урок/) });
    const link = /http:\/\/parlo\.test\/unsubscribe\?token=([\w-]+)/.exec(mail!.text);
    // RFC 8058: mail clients post to the one-click address; the mail's own link opens a page that asks.
    expect(mail!.headers).toMatchObject({
      'List-Unsubscribe': `<http://parlo.test/api/reminders/unsubscribe/one-click?token=${link![1]}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });

    const wrong = await injectCall(t.app, unsubscribeReminderMails, { body: { token: 'nope' } });
    expect(wrong.statusCode).toBe(404);
    const stop = await injectCall(t.app, unsubscribeReminderMails, {
      body: { token: decodeURIComponent(link![1]!) },
    });
    expect(stop.statusCode).toBe(204);
    const me = await injectCall(t.app, getUser, { params: { id: learner.userId }, headers: learner.headers });
    expect(me.data).toMatchObject({ settings: { emailReminders: false } });
    // The body as sent, not as parsed: the contract's schema would drop an unknown key that held the token.
    expect(JSON.stringify(me.json())).not.toContain(link![1]!);

    const after = t.mails.length;
    await sendDueReminders(t.database.db, new Date(EIGHT_IN_TOKYO.getTime() + 4 * DAY_MS), services());
    expect(t.mails.slice(after).filter((m) => m.to === learner.email)).toHaveLength(0);
  });

  it('sends no reminder e-mail to an address the learner has not confirmed (issue 30 item 14)', async () => {
    const unconfirmed = await tokyoLearner();
    const confirmed = await tokyoLearner();
    await confirmEmail(t, confirmed);
    for (const who of [unconfirmed, confirmed]) {
      const saved = await injectCall(t.app, replaceSettings, {
        params: { id: who.settingsId },
        headers: who.headers,
        body: { emailReminders: true },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const before = t.mails.length;
    await sendDueReminders(t.database.db, new Date(EIGHT_IN_TOKYO.getTime() + 5 * DAY_MS), services());
    const mailedTo = t.mails.slice(before).map((mail) => mail.to);
    expect(mailedTo).toContain(confirmed.email);
    expect(mailedTo).not.toContain(unconfirmed.email);
    // The reminder itself still reaches the bell.
    expect((await bell(unconfirmed)).total).toBe(1);
  });

  /** A learner who chose e-mail reminders and got one: the secret of its List-Unsubscribe address. */
  async function mailedLearner(daysLater: number) {
    const learner = await tokyoLearner();
    // Reminder mails go only to a confirmed address (issue 30 item 14).
    await confirmEmail(t, learner);
    await injectCall(t.app, replaceSettings, {
      params: { id: learner.settingsId },
      headers: learner.headers,
      body: { emailReminders: true },
    });
    await sendDueReminders(
      t.database.db,
      new Date(EIGHT_IN_TOKYO.getTime() + daysLater * DAY_MS),
      services(),
    );
    const mail = t.mails.findLast((sent) => sent.to === learner.email && sent.headers?.['List-Unsubscribe']);
    const address =
      /^<(http:\/\/parlo\.test(\/api\/reminders\/unsubscribe\/one-click\?token=[\w%-]+))>$/.exec(
        mail?.headers?.['List-Unsubscribe'] ?? '',
      );
    expect(address, JSON.stringify(mail?.headers)).not.toBeNull();
    const emailReminders = async () =>
      (await injectCall(t.app, getUser, { params: { id: learner.userId }, headers: learner.headers })).data
        .settings.emailReminders;
    return { learner, url: address![2]!, emailReminders };
  }

  it('unsubscribes in one click when a mail client posts List-Unsubscribe=One-Click (RFC 8058)', async () => {
    const urlencoded = await mailedLearner(5);
    // Opening the address (a scanner, a client without RFC 8058) changes nothing: it leads to the page.
    const opened = await t.app.inject({ method: 'GET', url: urlencoded.url });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe(`/unsubscribe?${urlencoded.url.split('?')[1]}`);
    expect(await urlencoded.emailReminders()).toBe(true);
    // A post without the one-click field, or as JSON, is refused and changes nothing.
    const noField = await t.app.inject({
      method: 'POST',
      url: urlencoded.url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'unsubscribe=yes',
    });
    expect(noField.statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: urlencoded.url,
      payload: { 'List-Unsubscribe': 'One-Click' },
    });
    expect(json.statusCode).toBe(415);
    expect(await urlencoded.emailReminders()).toBe(true);
    // The mail provider posts from its own servers or from a webmail page: no cookie, any origin.
    const posted = await t.app.inject({
      method: 'POST',
      url: urlencoded.url,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.example',
        'sec-fetch-site': 'cross-site',
      },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(posted.statusCode, posted.body).toBe(204);
    expect(await urlencoded.emailReminders()).toBe(false);

    const multipart = await mailedLearner(6);
    const boundary = 'rfc8058boundary';
    const form = await t.app.inject({
      method: 'POST',
      url: multipart.url,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\ncontent-disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(form.statusCode, form.body).toBe(204);
    expect(await multipart.emailReminders()).toBe(false);

    // A form, not JSON: the contract's body type is the parsed form, so the encoded text goes as rawBody.
    const unknown = await injectCall(t.app, oneClickUnsubscribe, {
      query: { token: 'nope' },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      rawBody: 'List-Unsubscribe=One-Click',
    });
    expect(unknown.statusCode).toBe(404);
    const garbled = await injectCall(t.app, oneClickUnsubscribe, {
      query: { token: 'nope' },
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      rawBody: 'not a form at all',
    });
    expect(garbled.statusCode).toBe(400);
  });

  it('refuses a subscription that is not a push endpoint', async () => {
    const learner = await registerLearner(t.app);
    for (const rawBody of [
      {},
      { endpoint: 'not a url', keys: { p256dh: 'a', auth: 'b' } },
      { endpoint: 'ftp://push.example/x', keys: { p256dh: 'a', auth: 'b' } },
      { endpoint: 'https://push.example/x', keys: { p256dh: '', auth: 'b' } },
    ]) {
      const response = await injectCall(t.app, savePushSubscription, { headers: learner.headers, rawBody });
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('each reminder exactly once across app instances', () => {
  it('two instances checking the same minute send one reminder', async () => {
    const learner = await tokyoLearner();
    const device = await subscribeDevice(learner);
    const second = t.databaseUrl
      ? await openDatabase({ kind: 'postgres', url: t.databaseUrl }, () => {})
      : null;
    const now = () => new Date(EIGHT_IN_TOKYO.getTime() + 2 * DAY_MS);
    try {
      if (t.databaseUrl && second) {
        // PostgreSQL: two instances, each with its own pool, on the pg-boss engine.
        const jobs = [{ name: REMINDERS_JOB, run: sendDueReminders }];
        const options = { now, log, push: t.push, postgresUrl: t.databaseUrl, onlyJobs: jobs };
        const instances = await Promise.all([
          startScheduler({ ...options, db: t.database.db }),
          startScheduler({ ...options, db: second.db }),
        ]);
        await Promise.all(instances.map((instance) => instance.tick()));
        await Promise.all(instances.map((instance) => instance.stop()));
      } else {
        // PGlite is one process: instances share the database, so the same checks run side by side.
        await Promise.all([1, 2, 3].map(() => sendDueReminders(t.database.db, now(), services())));
      }
      const rows = await t.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, learner.userId));
      expect(rows).toHaveLength(1);
      expect(await pushService.messages(device.clientHash)).toHaveLength(1);
    } finally {
      await second?.close();
    }
  }, 30_000);
});
