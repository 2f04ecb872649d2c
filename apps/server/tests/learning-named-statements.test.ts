import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exercises,
  freeLessonCounters,
  itemMemory,
  learningEvents,
  learningProgress,
  lessonCompletions,
  settings,
  statistics,
  statuses,
  subscriptions,
} from '../src/db/schema.ts';
import { loadLearnerState } from '../src/modules/learning/learner-state.repository.ts';
import { loadMemories } from '../src/modules/review/review.repository.ts';
import { seedTestCourse, type SeededCourse } from './factories/course.factory.ts';
import { learningDriver, rightAttempts, wrongAttempt } from './factories/learning-driver.ts';
import { createTestApp, registerLearner, type TestApp } from './helper.ts';
import { untilHeldUp } from './support/held-up.ts';
import { countStatements } from './support/statements.ts';

// ADR 026: the learner's state and a completion's writes are statements written once as SQL and run by
// name on both engines. These tests hold them to what drizzle's query builder reads from the same tables
// (on PGlite and on PostgreSQL, whichever project runs them), and hold a completion to two statements
// (ADR 033: the state read without the lock, one guarded write; it was lock, state, write).

let t: TestApp;
let course: SeededCourse;
const secret = 'prepared-statements-secret';

beforeAll(async () => {
  t = await createTestApp({ env: { SECRET_ACCESS_KEY: secret } });
  course = await seedTestCourse(t.database.db);
});
afterAll(async () => {
  await t.close();
});

const ownStatements = (texts: string[]) =>
  texts.filter((text) => !/sessions|active_session|rate_limit_hits/.test(text));

async function learnerOnCourse() {
  const learner = await registerLearner(t.app);
  const drive = learningDriver(t.app, course, learner, { secret });
  expect((await drive.selectCourse()).statusCode).toBe(200);
  expect((await drive.chooseLevel('beginning')).statusCode).toBe(200);
  return { learner, drive };
}

describe('the learner state statement', () => {
  it('reads what the tables hold: statistics, progress, settings, counter, premium, tiers, key, memories', async () => {
    const { learner, drive } = await learnerOnCourse();
    const lesson = course.topics[0]!.lessons[1]!;
    const first = await drive.complete(lesson.id, rightAttempts(lesson.exercises), 'state-key');
    expect(first.statusCode, first.body).toBe(200);
    const { db } = t.database;
    await db.update(settings).set({ timeZone: 'Asia/Tokyo' }).where(eq(settings.userId, learner.userId));
    await db.insert(subscriptions).values({
      userId: learner.userId,
      planId: '1_month',
      status: 'active',
      currentPeriodEnd: Math.floor(t.clock.now.getTime() / 1000) + 3600,
      provider: 'sandbox',
    });

    const itemKeys = (
      await db
        .select({ itemKey: exercises.itemKey })
        .from(exercises)
        .where(
          inArray(
            exercises.id,
            lesson.exercises.map((exercise) => exercise.id),
          ),
        )
    ).flatMap((row) => (row.itemKey ? [row.itemKey] : []));
    expect(itemKeys.length).toBeGreaterThan(0);
    const state = await loadLearnerState(db, learner.userId, t.clock.now, {
      completionKey: 'state-key',
      itemKeys: [...itemKeys, 'no-such-item'],
    });

    const [stats] = await db.select().from(statistics).where(eq(statistics.userId, learner.userId));
    const [progress] = await db
      .select()
      .from(learningProgress)
      .where(eq(learningProgress.userId, learner.userId));
    const [counter] = await db
      .select()
      .from(freeLessonCounters)
      .where(eq(freeLessonCounters.userId, learner.userId));
    const [done] = await db
      .select()
      .from(lessonCompletions)
      .where(
        and(eq(lessonCompletions.userId, learner.userId), eq(lessonCompletions.idempotencyKey, 'state-key')),
      );
    const tiers = await db
      .select({ name: statuses.name, points: statuses.points })
      .from(statuses)
      .where(and(eq(statuses.languageId, course.languageId), eq(statuses.enabled, true)));
    const memories = await loadMemories(db, learner.userId, { itemKeys });
    expect(stats!.points).toBeGreaterThan(0);
    expect(memories.size).toBeGreaterThan(0);

    expect(state).toEqual({
      userId: learner.userId,
      statisticsId: stats!.id,
      progressId: progress!.id,
      statistics: {
        points: stats!.points,
        words: stats!.words,
        days: stats!.days,
        daysContinuous: stats!.daysContinuous,
        rightAnswers: stats!.rightAnswers,
        errorCount: stats!.errorCount,
        weekActivity: stats!.weekActivity,
        timestamp: stats!.timestamp,
      },
      progress: { selected: progress!.selected },
      freeLessons: {
        num: counter!.num,
        date: counter!.date,
        lastApiFreeLessons: counter!.lastApiFreeLessons,
      },
      timeZone: 'Asia/Tokyo',
      uiLanguage: 'en',
      premium: true,
      spokenLanguageId: course.languageId,
      statusTiers: tiers.length > 0 ? expect.arrayContaining(tiers) : expect.any(Array),
      freeLessonAllowance: 2,
      completion: { played: done!.played, outcome: done!.outcome, retired: false },
      memories,
    });
  });

  it('answers null for an unknown learner and no completion for an unknown key', async () => {
    const { learner } = await learnerOnCourse();
    const { db } = t.database;
    expect(await loadLearnerState(db, '00000000-0000-4000-8000-000000000000', t.clock.now)).toBeNull();
    const state = await loadLearnerState(db, learner.userId, t.clock.now, { completionKey: 'never-used' });
    expect(state).toMatchObject({ completion: null, freeLessons: undefined, premium: false });
    expect(state?.memories.size).toBe(0);
  });
});

describe('a completion in two statements', () => {
  it('reads the state and writes everything in one statement once the lesson is cached', async () => {
    const lesson = course.topics[0]!.lessons[1]!;
    const attempts = rightAttempts(lesson.exercises, [lesson.exercises[0]!.id]);
    // The first completion of a lesson on this instance reads its exercises (before the transaction).
    const warm = await learnerOnCourse();
    expect((await warm.drive.complete(lesson.id, attempts)).statusCode).toBe(200);

    const { learner, drive } = await learnerOnCourse();
    let answer: Awaited<ReturnType<typeof drive.complete>> | undefined;
    const statements = ownStatements(
      await countStatements(async () => {
        answer = await drive.complete(lesson.id, attempts, 'three-statements');
      }),
    );
    expect(answer?.statusCode, answer?.body).toBe(200);
    expect(statements.length, statements.join('\n---\n')).toBe(2);
    // ADR 033: no lock, and no transaction; the write is guarded by the version the state was read at.
    expect(statements).toEqual(['execute learner_state', 'execute completion_write']);

    // Everything the completion owes was written by that one statement.
    const { db } = t.database;
    const events = await db
      .select({ kind: learningEvents.kind, payload: learningEvents.payload })
      .from(learningEvents)
      .where(eq(learningEvents.userId, learner.userId))
      .orderBy(learningEvents.id);
    expect(events.map((event) => event.kind).slice(-1)).toEqual(['lesson-played']);
    expect(events.at(-1)?.payload).toMatchObject({
      played: { kind: 'lesson', lessonId: lesson.id },
      committed: true,
    });
    const [progress] = await db
      .select()
      .from(learningProgress)
      .where(eq(learningProgress.userId, learner.userId));
    expect(progress!.selected[0]).toMatchObject({ lessonId: course.topics[0]!.lessons[2]!.id });
    const [counter] = await db
      .select()
      .from(freeLessonCounters)
      .where(eq(freeLessonCounters.userId, learner.userId));
    expect(counter).toBeDefined();

    // A replay: the state alone, which carries the stored outcome.
    let replay: Awaited<ReturnType<typeof drive.complete>> | undefined;
    const replayed = ownStatements(
      await countStatements(async () => {
        replay = await drive.complete(lesson.id, attempts, 'three-statements');
      }),
    );
    expect(replay?.body).toBe(answer?.body);
    expect(replayed.length).toBe(1);
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
});

describe('the overview', () => {
  it('reads in one statement and shows each learner their own place, however many share a program', async () => {
    const ahead = await learnerOnCourse();
    const behind = await learnerOnCourse();
    const lesson = course.topics[0]!.lessons[1]!;
    const before = await behind.drive.overview();
    expect((await ahead.drive.complete(lesson.id, rightAttempts(lesson.exercises))).statusCode).toBe(200);

    let overview: Awaited<ReturnType<typeof ahead.drive.overview>> | undefined;
    const statements = ownStatements(
      await countStatements(async () => {
        overview = await ahead.drive.overview();
      }),
    );
    expect(statements.length).toBe(1);
    expect(overview.program.currentLessonId).toBe(course.topics[0]!.lessons[2]!.id);
    // The other learner's view is unchanged, and moves only with their own completion.
    expect(await behind.drive.overview()).toEqual(before);
    expect((await behind.drive.complete(lesson.id, rightAttempts(lesson.exercises))).statusCode).toBe(200);
    const after = await behind.drive.overview();
    expect(after.program).toEqual(overview.program);
    expect(after.program).not.toEqual(before.program);
  });
});

describe('the overview (ADR 030)', () => {
  it('reads the state with the plain statement, without the completion and memory reads', async () => {
    const { drive } = await learnerOnCourse();
    const first = await drive.overview();
    let again: typeof first | undefined;
    const statements = ownStatements(
      await countStatements(async () => {
        again = await drive.overview();
      }),
    );
    expect(again).toEqual(first);
    expect(statements).toEqual(['execute learner_state_plain']);
  });

  it("never reads inside another request's transaction", async () => {
    const { learner, drive } = await learnerOnCourse();
    const before = await drive.overview();
    let pending: ReturnType<typeof drive.overview> | undefined;
    await t.database.db
      .transaction(async (tx) => {
        await tx.update(statistics).set({ points: 777 }).where(eq(statistics.userId, learner.userId));
        // On PGlite the one connection is this transaction's until it ends: the overview waits for it.
        pending = drive.overview();
        await untilHeldUp(t.database, pending);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || !/rollback/i.test(error.message)) throw error;
      });
    expect((await pending)?.statistics.points).toBe(before.statistics.points);
  });
});

describe('completions inside their transaction (ADR 032)', () => {
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

  it('reads and writes inside the transaction, waits for nobody else, and rolls back with it', async () => {
    const { learner, drive } = await learnerOnCourse();
    const before = await drive.overview();
    const { db } = t.database;
    let inside: Awaited<ReturnType<typeof loadLearnerState>> | undefined;
    let pending: ReturnType<typeof drive.overview> | undefined;
    let statements: string[] = [];
    let closedTransaction: Parameters<Parameters<typeof db.transaction>[0]>[0] | undefined;
    await db
      .transaction(async (tx) => {
        closedTransaction = tx;
        await tx.update(statistics).set({ points: 777 }).where(eq(statistics.userId, learner.userId));
        // Another request's read waits for this transaction to end (on PGlite, for its one connection).
        pending = drive.overview();
        statements = await countStatements(async () => {
          inside = await loadLearnerState(tx, learner.userId, t.clock.now, {
            lock: true,
            completionKey: 'never-stored',
            itemKeys: [],
          });
        });
        await untilHeldUp(t.database, pending);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || !/rollback/i.test(error.message)) throw error;
      });
    expect(inside?.statistics.points).toBe(777);
    expect((await pending)?.statistics.points).toBe(before.statistics.points);
    expect((await drive.overview()).statistics.points).toBe(before.statistics.points);
    // The other request's overview is sent (and counted) while it waits for this transaction.
    expect(ownStatements(statements).filter((text) => text !== 'execute learner_state_plain')).toEqual([
      'execute learner_lock',
      'execute learner_state',
    ]);
    // A closed transaction runs nothing (PGlite's own transaction refuses; node-postgres has released it).
    if (t.database.kind !== 'pglite') return;
    await expect(
      loadLearnerState(closedTransaction!, learner.userId, t.clock.now, { lock: true }),
    ).rejects.toHaveProperty('cause.message', expect.stringMatching(/closed/));
  });
});
