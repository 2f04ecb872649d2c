import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freeLessonCounters,
  itemMemory,
  learningEvents,
  learningProgress,
  lessonCompletions,
  settings,
  statistics,
  subscriptions,
} from '../src/db/schema.ts';
import { loadLearnerState } from '../src/modules/learning/learner-state.repository.ts';
import { seedTestCourse, type SeededCourse } from './factories/course.factory.ts';
import { learningDriver, rightAttempts, wrongAttempt } from './factories/learning-driver.ts';
import { createTestApp, registerLearner, type SignedIn, type TestApp } from './helper.ts';
import { untilHeldUp } from './support/held-up.ts';

// The learner's state is one Drizzle query over the learner's tables, and a completion is a transaction
// that locks the learner's statistics row (`for update`) before it reads and writes. These tests hold the
// read to what the tables hold, and completions to applying once each, in order, all or nothing, on
// PGlite and on PostgreSQL (whichever project runs them).

const SECRET = 'learning-state-secret';
let t: TestApp;
let course: SeededCourse;

beforeAll(async () => {
  t = await createTestApp({ env: { SECRET_ACCESS_KEY: SECRET } });
  course = await seedTestCourse(t.database.db);
});
afterAll(async () => {
  await t.close();
});

const nowSeconds = () => Math.floor(t.clock.now.getTime() / 1000);

async function learnerOnCourse() {
  const learner = await registerLearner(t.app);
  const drive = learningDriver(t.app, course, learner, { secret: SECRET });
  expect((await drive.selectCourse()).statusCode).toBe(200);
  expect((await drive.chooseLevel('beginning')).statusCode).toBe(200);
  return { learner, drive };
}

async function subscribe(userId: string, status: string, endsInSeconds: number, planId = '1_month') {
  await t.database.db.insert(subscriptions).values({
    userId,
    planId,
    status,
    currentPeriodStart: nowSeconds() - 3600,
    currentPeriodEnd: nowSeconds() + endsInSeconds,
    provider: 'sandbox',
  });
}

const overviewOf = async (learner: SignedIn) =>
  (await t.app.inject({ method: 'GET', url: '/api/learning/overview', headers: learner.headers })).json<{
    premium: boolean;
    freeLessonsLeft: number | null;
    statistics: { points: number };
    status: { points: number };
    program: { currentLessonId: number | null; topics: Array<{ lessons: Array<{ state: string }> }> };
  }>();

describe("the learner's state", () => {
  it('reads what the tables hold: statistics, progress, settings, counter, premium', async () => {
    const { learner, drive } = await learnerOnCourse();
    const lesson = course.topics[0]!.lessons[1]!;
    expect((await drive.complete(lesson.id, rightAttempts(lesson.exercises))).statusCode).toBe(200);
    const { db } = t.database;
    await db
      .update(settings)
      .set({ timeZone: 'Asia/Tokyo', uiLanguage: 'de' })
      .where(eq(settings.userId, learner.userId));
    await subscribe(learner.userId, 'active', 3600);

    const state = await loadLearnerState(db, learner.userId, t.clock.now);
    const [stats] = await db.select().from(statistics).where(eq(statistics.userId, learner.userId));
    const [progress] = await db
      .select()
      .from(learningProgress)
      .where(eq(learningProgress.userId, learner.userId));
    const [counter] = await db
      .select()
      .from(freeLessonCounters)
      .where(eq(freeLessonCounters.userId, learner.userId));
    expect(stats!.points).toBeGreaterThan(0);
    const { id, userId, ...stored } = stats!;
    expect(state).toEqual({
      userId,
      statisticsId: id,
      progressId: progress!.id,
      statistics: stored,
      progress: { selected: progress!.selected },
      freeLessons: {
        num: counter!.num,
        date: counter!.date,
        lastApiFreeLessons: counter!.lastApiFreeLessons,
      },
      timeZone: 'Asia/Tokyo',
      uiLanguage: 'de',
      premium: true,
      spokenLanguageId: course.languageId,
    });
  });

  it('answers null for an unknown learner, and no counter and no premium for a new one', async () => {
    const { learner } = await learnerOnCourse();
    const { db } = t.database;
    expect(await loadLearnerState(db, '00000000-0000-4000-8000-000000000000', t.clock.now)).toBeNull();
    expect(await loadLearnerState(db, learner.userId, t.clock.now)).toMatchObject({
      freeLessons: undefined,
      premium: false,
      timeZone: expect.any(String),
    });
  });

  it('reads one learner, premium as core decides, however many subscriptions they have', async () => {
    const { learner: premium } = await learnerOnCourse();
    await subscribe(premium.userId, 'expired', -86_400);
    await subscribe(premium.userId, 'active', 86_400, '1_year');
    await subscribe(premium.userId, 'canceled', -3600, '3_month');
    const { learner: lapsed } = await learnerOnCourse();
    await subscribe(lapsed.userId, 'expired', -86_400);
    await subscribe(lapsed.userId, 'canceled', -3600);
    await subscribe(lapsed.userId, 'unpaid', 86_400);

    expect((await loadLearnerState(t.database.db, premium.userId, t.clock.now))?.premium).toBe(true);
    expect((await loadLearnerState(t.database.db, lapsed.userId, t.clock.now))?.premium).toBe(false);
    // The dashboard's freeLessonsLeft follows premium: null only for the premium learner.
    expect(await overviewOf(premium)).toMatchObject({ premium: true, freeLessonsLeft: null });
    expect(await overviewOf(lapsed)).toMatchObject({ premium: false, freeLessonsLeft: expect.any(Number) });
  });

  it('gives progress written before a field existed its defaults', async () => {
    const { learner } = await learnerOnCourse();
    // An entry as stored before passedBlitzes and reviewedLessons existed.
    await t.database.db
      .update(learningProgress)
      .set({
        selected: sql`(select jsonb_agg(entry - 'passedBlitzes' - 'reviewedLessons')
          from jsonb_array_elements(${learningProgress.selected}) entry)`,
      })
      .where(eq(learningProgress.userId, learner.userId));
    const state = await loadLearnerState(t.database.db, learner.userId, t.clock.now);
    expect(state?.progress.selected[0]).toMatchObject({ passedBlitzes: [], reviewedLessons: [] });
  });

  it('shows the next request the points a change wrote (nothing about the learner is kept)', async () => {
    const { learner } = await learnerOnCourse();
    expect((await overviewOf(learner)).statistics.points).toBe(0);
    await t.database.db.update(statistics).set({ points: 65 }).where(eq(statistics.userId, learner.userId));
    expect(await overviewOf(learner)).toMatchObject({ statistics: { points: 65 }, status: { points: 65 } });
  });

  it('shows each learner their own place, however many share a program', async () => {
    const moving = await learnerOnCourse();
    const staying = await learnerOnCourse();
    const before = (await overviewOf(moving.learner)).program;
    expect((await overviewOf(staying.learner)).program).toEqual(before);
    const lesson = course.topics[0]!.lessons[1]!;
    expect((await moving.drive.complete(lesson.id, rightAttempts(lesson.exercises))).statusCode).toBe(200);
    const after = (await overviewOf(moving.learner)).program;
    expect(after.currentLessonId).toBe(course.topics[0]!.lessons[2]!.id);
    expect(after.topics).not.toEqual(before.topics);
    expect((await overviewOf(staying.learner)).program).toEqual(before);
  });

  it("never reads inside another request's transaction", async () => {
    const { learner } = await learnerOnCourse();
    const before = await overviewOf(learner);
    let pending: ReturnType<typeof overviewOf> | undefined;
    await t.database.db
      .transaction(async (tx) => {
        await tx.update(statistics).set({ points: 777 }).where(eq(statistics.userId, learner.userId));
        // On PGlite the one connection is this transaction's until it ends: the overview waits for it.
        pending = overviewOf(learner);
        await untilHeldUp(t.database, pending);
        // Inside, the transaction reads its own write.
        expect(
          (await loadLearnerState(tx, learner.userId, t.clock.now, { lock: true }))?.statistics.points,
        ).toBe(777);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || !/rollback/i.test(error.message)) throw error;
      });
    expect((await pending)?.statistics.points).toBe(before.statistics.points);
    expect((await overviewOf(learner)).statistics.points).toBe(before.statistics.points);
  });
});

describe('a completion', () => {
  it('writes progress, the counter, an event and its key, and a replay answers the same', async () => {
    const { learner, drive } = await learnerOnCourse();
    const lesson = course.topics[0]!.lessons[1]!;
    const attempts = rightAttempts(lesson.exercises);
    const answer = await drive.complete(lesson.id, attempts, 'state-key');
    expect(answer.statusCode, answer.body).toBe(200);
    const { db } = t.database;
    const events = await db
      .select({ kind: learningEvents.kind, payload: learningEvents.payload })
      .from(learningEvents)
      .where(eq(learningEvents.userId, learner.userId))
      .orderBy(learningEvents.id);
    expect(events.at(-1)).toMatchObject({
      kind: 'lesson-played',
      payload: { played: { kind: 'lesson', lessonId: lesson.id }, committed: true },
    });
    const [progress] = await db
      .select()
      .from(learningProgress)
      .where(eq(learningProgress.userId, learner.userId));
    expect(progress!.selected[0]).toMatchObject({ lessonId: course.topics[0]!.lessons[2]!.id });
    const keys = await db
      .select()
      .from(lessonCompletions)
      .where(eq(lessonCompletions.userId, learner.userId));
    expect(keys.map((row) => row.idempotencyKey)).toEqual(['state-key']);
    const points = (await loadLearnerState(db, learner.userId, t.clock.now))!.statistics.points;

    const replay = await drive.complete(lesson.id, attempts, 'state-key');
    expect(replay.body).toBe(answer.body);
    expect((await loadLearnerState(db, learner.userId, t.clock.now))!.statistics.points).toBe(points);
  });

  it('writes a failed blitz without points or progress, and its answers to memory', async () => {
    const { learner, drive } = await learnerOnCourse();
    const [greetings, family, blitz] = course.topics;
    for (const lesson of [greetings!.lessons[1]!, greetings!.lessons[2]!, ...family!.lessons]) {
      expect((await drive.complete(lesson.id, rightAttempts(lesson.exercises))).statusCode).toBe(200);
    }
    const { db } = t.database;
    const stored = async () => ({
      statistics: (await db.select().from(statistics).where(eq(statistics.userId, learner.userId)))[0],
      progress: (
        await db.select().from(learningProgress).where(eq(learningProgress.userId, learner.userId))
      )[0],
      memories: await db.select().from(itemMemory).where(eq(itemMemory.userId, learner.userId)),
    });
    const before = await stored();
    const blitzExercises = [greetings!, family!].flatMap((topic) =>
      topic.lessons.flatMap((lesson) => lesson.exercises.filter((exercise) => exercise.blitz)),
    );
    const lost = await drive.completeBlitz(blitz!.id, [
      wrongAttempt(blitzExercises[0]!),
      wrongAttempt(blitzExercises[0]!),
      wrongAttempt(blitzExercises[1]!),
    ]);
    expect(lost.statusCode, lost.body).toBe(200);
    expect(lost.json()).toMatchObject({ committed: false, errorCount: 3 });
    const after = await stored();
    expect(after.statistics).toEqual(before.statistics);
    expect(after.progress).toEqual(before.progress);
    // The wrong answers still moved the words' memory (issue 16).
    const moved = after.memories.filter(
      (memory) => !before.memories.some((old) => old.itemKey === memory.itemKey && old.reps === memory.reps),
    );
    expect(moved.length).toBeGreaterThan(0);
  });

  it('applies each of many concurrent completions of one learner once, as one after the other would', async () => {
    const lesson = course.topics[0]!.lessons[1]!;
    const keys = Array.from({ length: 12 }, (_, index) => `concurrent-${index}`);
    const { db } = t.database;
    const stored = async (userId: string) => ({
      statistics: (await db.select().from(statistics).where(eq(statistics.userId, userId)))[0]!,
      reps: new Map(
        (await db.select().from(itemMemory).where(eq(itemMemory.userId, userId))).map((row) => [
          row.itemKey,
          row.reps,
        ]),
      ),
      keys: (await db.select().from(lessonCompletions).where(eq(lessonCompletions.userId, userId))).length,
    });
    const oneByOne = await learnerOnCourse();
    for (const key of keys) {
      expect(
        (await oneByOne.drive.complete(lesson.id, rightAttempts(lesson.exercises), key)).statusCode,
      ).toBe(200);
    }
    const together = await learnerOnCourse();
    const answers = await Promise.all(
      keys.map((key) => together.drive.complete(lesson.id, rightAttempts(lesson.exercises), key)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(12).fill(200));
    // The lesson is learned once (the others are repeats), and every answer fed the words' memory once.
    expect(answers.filter((answer) => answer.json<{ committed: boolean }>().committed).length).toBe(1);
    const expected = await stored(oneByOne.learner.userId);
    const actual = await stored(together.learner.userId);
    expect(actual.keys).toBe(12);
    expect(actual.reps.size).toBeGreaterThan(0);
    expect(actual.reps).toEqual(expected.reps);
    const { id: _a, userId: _b, timestamp: _c, ...counted } = actual.statistics;
    const { id: _d, userId: _e, timestamp: _f, ...sequential } = expected.statistics;
    expect(counted).toEqual(sequential);
  });

  it("waits for a transaction holding the learner's lock, then applies on what it wrote", async () => {
    const { learner, drive } = await learnerOnCourse();
    const lesson = course.topics[0]!.lessons[1]!;
    const { db } = t.database;
    let pending: ReturnType<typeof drive.complete> | undefined;
    await db.transaction(async (tx) => {
      expect(await loadLearnerState(tx, learner.userId, t.clock.now, { lock: true })).not.toBeNull();
      await tx.update(statistics).set({ points: 1000 }).where(eq(statistics.userId, learner.userId));
      // PostgreSQL: the completion waits for this row's lock; PGlite: for this transaction's one connection.
      pending = drive.complete(lesson.id, rightAttempts(lesson.exercises), 'after-lock');
      await untilHeldUp(t.database, pending);
    });
    const answer = await pending!;
    expect(answer.statusCode, answer.body).toBe(200);
    // The completion counted on top of what the locked transaction wrote, not on what it saw before.
    const { pointsTotal, statistics: after } = answer.json<{
      pointsTotal: number;
      statistics: { points: number };
    }>();
    expect(pointsTotal).toBeGreaterThan(0);
    expect(after.points).toBe(1000 + pointsTotal);
    expect((await loadLearnerState(db, learner.userId, t.clock.now))!.statistics.points).toBe(after.points);
  });
});
