import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register } from '@parlo/contract/accounts';
import { notifications, users } from '../src/db/schema.ts';
import { sendDueReminders } from '../src/jobs/reminders.job.ts';
import { createTestApp, errorCode, newLearner, testDatabaseKind, type TestApp } from './helper.ts';
import { injectCall } from './support/inject-call.ts';

/**
 * ADR 040: a new account starts on the learner's clock. The sign-up carries the browser's zone, so the
 * default 19:00 reminder is 19:00 where the learner lives, and no reminder is for a minute that began
 * before the account was made.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const log = pino({ level: 'silent' });
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** 00:00 UTC two days from now: a day every account made during the test was made before. */
const dayAfterTomorrow = Date.UTC(
  new Date().getUTCFullYear(),
  new Date().getUTCMonth(),
  new Date().getUTCDate() + 2,
);
/** 19:00 in Tokyo (UTC+9, no DST) that day: the default reminder time on a Tokyo clock. */
const sevenInTokyo = new Date(dayAfterTomorrow + 10 * HOUR_MS);

async function signUp(body: Record<string, unknown>) {
  // `rawBody`: the zones sent are of any type, the refused ones too.
  return injectCall(t.app, register, { rawBody: newLearner(body) });
}

async function remindersOf(userId: string) {
  return t.database.db
    .select({ content: notifications.content })
    .from(notifications)
    .where(eq(notifications.userId, userId));
}

describe(`sign-up with the browser's time zone (${testDatabaseKind})`, () => {
  it('keeps the zone and its offset, and the reminder job counts 19:00 on that clock', async () => {
    const response = await signUp({ timeZone: 'Asia/Tokyo' });
    expect(response.statusCode, response.body).toBe(200);
    const { user } = response.data;
    expect(user.settings).toMatchObject({ timeZone: 'Asia/Tokyo', zoneOffset: 540 });
    const inUtc = (await signUp({})).data;

    await sendDueReminders(t.database.db, new Date(sevenInTokyo.getTime() - 60_000), { log });
    expect(await remindersOf(user.id)).toHaveLength(0);
    await sendDueReminders(t.database.db, sevenInTokyo, { log });
    expect(await remindersOf(user.id)).toEqual([{ content: expect.stringContaining('lesson') }]);
    // 10:00 UTC is not 19:00 for the learner who sent no zone.
    expect(await remindersOf(inUtc.user.id)).toHaveLength(0);
  });

  it('reminds of no minute that began before the account was made, and of the next day’s', async () => {
    const { user } = (await signUp({ timeZone: 'Asia/Tokyo' })).data;
    // Signed up at 19:15 in Tokyo: the 19:00 reminder of that day has gone by.
    await t.database.db
      .update(users)
      .set({ createdAt: new Date(sevenInTokyo.getTime() + 15 * 60_000) })
      .where(eq(users.id, user.id));
    await sendDueReminders(t.database.db, new Date(sevenInTokyo.getTime() + 16 * 60_000), { log });
    expect(await remindersOf(user.id)).toHaveLength(0);
    await sendDueReminders(t.database.db, new Date(sevenInTokyo.getTime() + DAY_MS), { log });
    expect(await remindersOf(user.id)).toHaveLength(1);
  });

  it('refuses a zone Intl does not know with a translated 400 and makes no account', async () => {
    for (const timeZone of ['Mars/Olympus', 'asia/tokyo', '+09:00', '', 42, 'x'.repeat(5000)]) {
      const body = newLearner({ timeZone });
      const refused = await injectCall(t.app, register, { rawBody: body });
      expect(refused.statusCode).toBe(400);
      expect(errorCode(refused)).toBe('error-time-zone-not-valid');
      expect(refused.json()).toMatchObject({ error: { message: 'Time zone is not valid' } });
      const made = await t.database.db.select().from(users).where(eq(users.email, body.email));
      expect(made).toHaveLength(0);
    }
  });

  it('starts in UTC, as before, when the sign-up sends no zone', async () => {
    const response = await signUp({});
    expect(response.statusCode, response.body).toBe(200);
    expect(response.data.user.settings).toMatchObject({ timeZone: 'UTC', zoneOffset: 0 });
  });
});
