import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getUser, replaceSettings } from '@parlo/contract/accounts';
import { seedTestCourse, type SeededCourse } from './factories/course.factory.ts';
import { learningDriver, rightAttempts } from './factories/learning-driver.ts';
import { createTestApp, errorCode, registerLearner, type SignedIn, type TestApp } from './helper.ts';
import { injectCall } from './support/inject-call.ts';

let t: TestApp;
let course: SeededCourse;
beforeAll(async () => {
  t = await createTestApp({ env: { SECRET_ACCESS_KEY: 'days-test-secret-key' } });
  course = await seedTestCourse(t.database.db);
});
afterAll(async () => {
  await t.close();
});

/** What the browser does after signing in: send its IANA zone. */
async function sendTimeZone(learner: SignedIn, timeZone: unknown) {
  const me = await injectCall(t.app, getUser, { params: { id: learner.userId }, headers: learner.headers });
  const settingsId = me.data.settings.id;
  // `rawBody`: the tests send zones of any type, the refused ones too.
  return injectCall(t.app, replaceSettings, {
    params: { id: settingsId },
    headers: learner.headers,
    rawBody: { timeZone },
  });
}

describe("learning days in the learner's time zone", () => {
  it('counts days, the streak and the week (Monday first) by local midnight, not UTC', async () => {
    // Sunday 2026-11-22 23:30 UTC is already Monday 01:30 in Helsinki (UTC+2 in winter).
    t.clock.now = new Date('2026-11-22T21:30:00Z');
    const learner = await registerLearner(t.app);
    expect((await sendTimeZone(learner, 'Europe/Helsinki')).json()).toMatchObject({
      timeZone: 'Europe/Helsinki',
      zoneOffset: 120,
    });
    const drive = learningDriver(t.app, course, learner, { secret: 'days-test-secret-key' });
    await drive.selectCourse();
    await drive.chooseLevel('beginning');
    const [hello, goodMorning] = course.topics[0]!.lessons.slice(1, 3);
    const familyLesson = course.topics[1]!.lessons[0]!;

    // Sunday 23:30 local: first learning day, Sunday marked (index 6).
    await drive.complete(hello!.id, rightAttempts(hello!.exercises));
    let stats = (await drive.overview()).statistics;
    expect(stats).toMatchObject({
      days: 1,
      daysContinuous: 1,
      weekActivity: [false, false, false, false, false, false, true],
    });

    // 01:30 local on Monday (still Sunday in UTC): a new day and a new ISO week.
    t.clock.now = new Date('2026-11-22T23:30:00Z');
    await drive.complete(goodMorning!.id, rightAttempts(goodMorning!.exercises));
    stats = (await drive.overview()).statistics;
    expect(stats).toMatchObject({
      days: 2,
      daysContinuous: 2,
      weekActivity: [true, false, false, false, false, false, false],
    });

    // Wednesday: a day was missed, the streak restarts.
    t.clock.now = new Date('2026-11-25T10:00:00Z');
    await drive.complete(familyLesson.id, rightAttempts(familyLesson.exercises));
    stats = (await drive.overview()).statistics;
    expect(stats).toMatchObject({
      days: 3,
      daysContinuous: 1,
      weekActivity: [true, false, true, false, false, false, false],
    });
    t.clock.now = new Date();
  });

  it('gives a learner in Tokyo (UTC+9) training at 08:00 local today’s training day and streak', async () => {
    // Monday 2026-11-23 08:00 in Tokyo is Sunday 23:00 UTC; Tuesday 08:00 is Monday 23:00 UTC.
    t.clock.now = new Date('2026-11-22T22:00:00Z');
    const learner = await registerLearner(t.app);
    expect((await sendTimeZone(learner, 'Asia/Tokyo')).json()).toMatchObject({
      timeZone: 'Asia/Tokyo',
      zoneOffset: 540,
    });
    const drive = learningDriver(t.app, course, learner, { secret: 'days-test-secret-key' });
    await drive.selectCourse();
    await drive.chooseLevel('beginning');
    const [hello, goodMorning] = course.topics[0]!.lessons.slice(1, 3);

    t.clock.now = new Date('2026-11-22T23:00:00Z');
    await drive.complete(hello!.id, rightAttempts(hello!.exercises));
    expect((await drive.overview()).statistics).toMatchObject({
      days: 1,
      daysContinuous: 1,
      weekActivity: [true, false, false, false, false, false, false],
    });

    t.clock.now = new Date('2026-11-23T23:00:00Z');
    await drive.complete(goodMorning!.id, rightAttempts(goodMorning!.exercises));
    expect((await drive.overview()).statistics).toMatchObject({
      days: 2,
      daysContinuous: 2,
      weekActivity: [true, true, false, false, false, false, false],
    });
    t.clock.now = new Date();
  });

  it('refuses a zone Intl does not know with a 400 and keeps the stored one', async () => {
    const learner = await registerLearner(t.app);
    await sendTimeZone(learner, 'America/New_York');
    for (const bad of ['Mars/Olympus', 'asia/tokyo', '+09:00', '', 42, 'x'.repeat(5000)]) {
      const refused = await sendTimeZone(learner, bad);
      expect(refused.statusCode).toBe(400);
      expect(errorCode(refused)).toBe('error-time-zone-not-valid');
    }
    const me = await injectCall(t.app, getUser, { params: { id: learner.userId }, headers: learner.headers });
    expect(me.json()).toMatchObject({ settings: { timeZone: 'America/New_York' } });
  });
});
