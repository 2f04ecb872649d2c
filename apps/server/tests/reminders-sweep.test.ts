import { Writable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getUser, replaceSettings } from '@parlo/contract/accounts';
import type { CallBody } from '@parlo/contract/call';
import { notifications, settings, statistics, users } from '../src/db/schema.ts';
import { sendDueReminders } from '../src/jobs/reminders.job.ts';
import { createTestApp, registerLearner, testDatabaseKind, type SignedIn, type TestApp } from './helper.ts';
import { injectCall } from './support/inject-call.ts';

/**
 * Issue 30 item 18: the reminders job stores each learner's next minute and a sweep reads only the
 * learners whose minute has come, not every learner every minute; what is sent stays the same.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** 08:00 in Tokyo (UTC+9) on Tuesday 2026-11-24. */
const EIGHT_IN_TOKYO = Date.parse('2026-11-23T23:00:00Z');
const LEARNERS = 12;

/** Each sweep's log line: how many learners it read and how many reminders went out. */
const sweeps: Array<{ lookedAt: number; sent: number }> = [];
const log = pino(
  { level: 'debug' },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      const line = JSON.parse(chunk.toString()) as { msg: string; lookedAt: number; sent: number };
      if (line.msg === 'reminders sweep') sweeps.push({ lookedAt: line.lookedAt, sent: line.sent });
      done();
    },
  }),
);
async function sweepAt(epochMs: number) {
  await sendDueReminders(t.database.db, new Date(epochMs), { log });
  return sweeps.at(-1);
}

async function choose(learner: SignedIn & { settingsId: number }, change: CallBody<typeof replaceSettings>) {
  const saved = await injectCall(t.app, replaceSettings, {
    params: { id: learner.settingsId },
    headers: learner.headers,
    body: change,
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

async function remindersOf(userIds: string[]) {
  const rows = await t.database.db
    .select({ userId: notifications.userId })
    .from(notifications)
    .where(inArray(notifications.userId, userIds));
  return userIds.map((id) => rows.filter((row) => row.userId === id).length);
}

describe(`a reminders sweep reads the learners of its minute only (${testDatabaseKind})`, () => {
  it('looks at everyone once, then at each minute only at the learners due in it', async () => {
    // Learner i wants a reminder at 08:00 + i minutes in Tokyo, every day.
    const learners: Array<SignedIn & { settingsId: number }> = [];
    for (let i = 0; i < LEARNERS; i += 1) {
      const learner = await registerLearner(t.app);
      const me = await injectCall(t.app, getUser, {
        params: { id: learner.userId },
        headers: learner.headers,
      });
      const withSettings = { ...learner, settingsId: me.data.settings.id };
      await choose(withSettings, { timeZone: 'Asia/Tokyo', notificationTime: 8 * 60 + i });
      learners.push(withSettings);
    }
    const ids = learners.map((learner) => learner.userId);
    await t.database.db
      .update(users)
      .set({ createdAt: new Date(EIGHT_IN_TOKYO - 7 * DAY) })
      .where(inArray(users.id, ids));

    // New accounts have no minute yet: the first sweep looks at all of them and stores each one's.
    expect(await sweepAt(EIGHT_IN_TOKYO - 60 * MINUTE)).toEqual({ lookedAt: LEARNERS, sent: 0 });
    const stored = await t.database.db
      .select({ userId: settings.userId, dueAt: settings.reminderDueAt })
      .from(settings)
      .where(inArray(settings.userId, ids));
    for (const [i, id] of ids.entries()) {
      expect(stored.find((row) => row.userId === id)?.dueAt?.toISOString()).toBe(
        new Date(EIGHT_IN_TOKYO + i * MINUTE).toISOString(),
      );
    }
    // Minutes before anyone's: nobody is read.
    expect(await sweepAt(EIGHT_IN_TOKYO - 30 * MINUTE)).toEqual({ lookedAt: 0, sent: 0 });
    // 08:03 (a sweep missed a few minutes): the four learners of 08:00–08:03, each reminded.
    expect(await sweepAt(EIGHT_IN_TOKYO + 3 * MINUTE)).toEqual({ lookedAt: 4, sent: 4 });
    expect(await sweepAt(EIGHT_IN_TOKYO + 4 * MINUTE)).toEqual({ lookedAt: 1, sent: 1 });
    // The same minute again: nobody left to read.
    expect(await sweepAt(EIGHT_IN_TOKYO + 4 * MINUTE)).toEqual({ lookedAt: 0, sent: 0 });

    // Learner 10 moves the reminder from 08:10 to 08:02, which has passed within its hour: reminded at
    // the next sweep, as before (and learner 5's minute has come too).
    await choose(learners[10]!, { notificationTime: 8 * 60 + 2 });
    expect(await sweepAt(EIGHT_IN_TOKYO + 5 * MINUTE)).toEqual({ lookedAt: 2, sent: 2 });
    // Learner 11 trained today at 07:30: looked at once at 08:11, nothing sent, not read again that day.
    await t.database.db
      .update(statistics)
      .set({ timestamp: Math.floor((EIGHT_IN_TOKYO - 30 * MINUTE) / 1000) })
      .where(eq(statistics.userId, ids[11]!));
    expect(await remindersOf(ids)).toEqual([1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 1, 0]);

    // The rest of the hour: each learner read once, and reminded once unless trained today.
    let lookedAt = 0;
    for (let minute = 6; minute < 60; minute += 1) {
      lookedAt += (await sweepAt(EIGHT_IN_TOKYO + minute * MINUTE))?.lookedAt ?? 0;
    }
    expect(lookedAt).toBe(5);
    expect(await remindersOf(ids)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0]);
    // The next day, at 08:00: only the first learner is read.
    expect(await sweepAt(EIGHT_IN_TOKYO + DAY)).toEqual({ lookedAt: 1, sent: 1 });
  });
});
