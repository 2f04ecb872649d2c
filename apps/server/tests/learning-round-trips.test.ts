import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTestCourse, type SeededCourse } from './factories/course.factory.ts';
import { learningDriver, rightAttempts } from './factories/learning-driver.ts';
import { createTestApp, registerLearner, type TestApp } from './helper.ts';
import { countStatements } from './support/statements.ts';

// Issue 15: a completion made about 19 round trips to the database. These counts fail on a regression to
// more statements (a per-item read or write, a second lookup of the key, a read the cache should answer).

let t: TestApp;
let course: SeededCourse;

beforeAll(async () => {
  t = await createTestApp({ env: { SECRET_ACCESS_KEY: 'round-trip-secret' } });
  course = await seedTestCourse(t.database.db);
});
afterAll(async () => {
  await t.close();
});

describe('lesson completion round trips', () => {
  it('completes a lesson in at most 8 statements and replays it in at most 3', async () => {
    const learner = await registerLearner(t.app);
    const drive = learningDriver(t.app, course, learner, { secret: 'round-trip-secret' });
    expect((await drive.selectCourse()).statusCode).toBe(200);
    expect((await drive.chooseLevel('beginning')).statusCode).toBe(200);
    const lesson = course.topics[0]!.lessons[1]!;
    const attempts = rightAttempts(lesson.exercises);

    let first: Awaited<ReturnType<typeof drive.complete>> | undefined;
    // Sessions and rate limits are read by other modules; only the completion's own statements count.
    const statements = await countStatements(async () => {
      first = await drive.complete(lesson.id, attempts, 'round-trip-key');
    });
    expect(first?.statusCode, first?.body).toBe(200);
    expect(first?.json()).toMatchObject({ committed: true, pointsTotal: 4 });
    const completion = statements.filter((text) => !/sessions|rate_limit_hits/.test(text));
    // The lesson's exercises and their items (this instance's first completion of it), tiers and allowance
    // (a cold cache), then the lock, the state with the key, the memories, and one write (ADR 051).
    expect(
      completion.length,
      completion.map((text) => text.trim().slice(0, 90)).join('\n'),
    ).toBeLessThanOrEqual(8);

    let replay: Awaited<ReturnType<typeof drive.complete>> | undefined;
    const replayed = await countStatements(async () => {
      replay = await drive.complete(lesson.id, attempts, 'round-trip-key');
    });
    expect(replay?.body).toBe(first?.body);
    expect(replayed.filter((text) => !/sessions|rate_limit_hits/.test(text)).length).toBeLessThanOrEqual(3);
  });
});
