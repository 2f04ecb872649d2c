import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../src/db/schema.ts';
import { seedTestCourse, type SeededCourse } from './factories/course.factory.ts';
import { learningDriver, rightAttempts } from './factories/learning-driver.ts';
import { createTestApp, registerLearner, type TestApp } from './helper.ts';

let t: TestApp;
let course: SeededCourse;
beforeAll(async () => {
  t = await createTestApp({ env: { SECRET_ACCESS_KEY: 'days-test-secret-key' } });
  course = await seedTestCourse(t.database.db);
});
afterAll(async () => {
  await t.close();
});

describe("learning days in the learner's time zone", () => {
  it('counts days, the streak and the week (Monday first) by local midnight, not UTC', async () => {
    // Sunday 2026-11-22 23:30 UTC is already Monday 01:30 in UTC+2 (zoneOffset 120).
    t.clock.now = new Date('2026-11-22T21:30:00Z');
    const learner = await registerLearner(t.app);
    await t.database.db.update(settings).set({ zoneOffset: 120 }).where(eq(settings.userId, learner.userId));
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
});
