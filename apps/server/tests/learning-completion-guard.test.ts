import { emptyStatistics } from '@parlo/core/stats/statistics';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learningEvents, lessonCompletions, notifications, statistics } from '../src/db/schema.ts';
import {
  loadLearnerForCompletion,
  loadLearnerState,
  saveCompletion,
  type CompletionWrites,
} from '../src/modules/learning/learner-state.repository.ts';
import { seedTestCourse, type SeededCourse } from './factories/course.factory.ts';
import { learningDriver } from './factories/learning-driver.ts';
import { createTestApp, registerLearner, type TestApp } from './helper.ts';
import { untilHeldUp } from './support/held-up.ts';

// ADR 033: a lesson's completion is read without the learner's lock and written by one statement that
// writes only while the learner is as it was read. Every locked transaction changes the learner's version,
// so whatever it wrote, a completion read before it writes nothing and is made again under the lock.

let t: TestApp;
let course: SeededCourse;

beforeAll(async () => {
  t = await createTestApp();
  course = await seedTestCourse(t.database.db);
});
afterAll(async () => {
  await t.close();
});

async function learnerOnCourse() {
  const learner = await registerLearner(t.app);
  const drive = learningDriver(t.app, course, learner);
  expect((await drive.selectCourse()).statusCode).toBe(200);
  return learner;
}

/** A completion's writes: the key, one event, a notification, the counter and, with points, statistics. */
function writesAt(userId: string, version: string, key: string, points: number | null): CompletionWrites {
  return {
    userId,
    now: t.clock.now,
    version,
    freeLessons: { num: 1, date: 0, lastApiFreeLessons: 0 },
    committed:
      points === null
        ? null
        : {
            statistics: { ...emptyStatistics(), points },
            progress: { selected: [] },
          },
    words: 0,
    events: [{ kind: 'lesson-played', payload: { key } }],
    notification: `news of ${key}`,
    completion: { idempotencyKey: key, played: { kind: 'lesson', lessonId: 1 }, outcome: {} },
    answers: { history: [], memories: new Map() },
  };
}

async function stored(userId: string) {
  const { db } = t.database;
  return {
    points: (await db.select().from(statistics).where(eq(statistics.userId, userId)))[0]!.points,
    keys: (await db.select().from(lessonCompletions).where(eq(lessonCompletions.userId, userId))).map(
      (row) => row.idempotencyKey,
    ),
    events: (await db.select().from(learningEvents).where(eq(learningEvents.userId, userId))).length,
    notifications: (await db.select().from(notifications).where(eq(notifications.userId, userId))).map(
      (row) => row.content,
    ),
  };
}

const read = (userId: string, key: string) =>
  loadLearnerForCompletion(t.database.db, userId, t.clock.now, {
    lock: false,
    completionKey: key,
    itemKeys: [],
  });

describe('a completion written against the version it was read at (ADR 033)', () => {
  it('writes when the learner is unchanged, and the write changes the version', async () => {
    const learner = await learnerOnCourse();
    const first = await read(learner.userId, 'guard-a');
    expect(first?.version).toMatch(/^\d+$/);
    const before = await stored(learner.userId);
    expect(await saveCompletion(t.database.db, writesAt(learner.userId, first!.version, 'guard-a', 7))).toBe(
      true,
    );
    const after = await stored(learner.userId);
    expect(after.points).toBe(7);
    expect(after.keys).toEqual([...before.keys, 'guard-a']);
    expect(after.events).toBe(before.events + 1);
    expect(after.notifications).toEqual([...before.notifications, 'news of guard-a']);
    // A second write read at the same version is refused: the first one changed it.
    expect(await saveCompletion(t.database.db, writesAt(learner.userId, first!.version, 'guard-b', 9))).toBe(
      false,
    );
    expect(await stored(learner.userId)).toEqual(after);
    const again = await read(learner.userId, 'guard-b');
    expect(again?.version).not.toBe(first?.version);
    expect(again?.state.statistics.points).toBe(7);
  });

  it('writes nothing after a locked transaction that changed nothing of the statistics', async () => {
    const learner = await learnerOnCourse();
    const seen = await read(learner.userId, 'guard-c');
    const before = await stored(learner.userId);
    // Choosing a level locks the learner and writes only progress and the user.
    const drive = learningDriver(t.app, course, learner);
    expect((await drive.chooseLevel('beginning')).statusCode).toBe(200);
    const refused = await saveCompletion(
      t.database.db,
      writesAt(learner.userId, seen!.version, 'guard-c', null),
    );
    expect(refused).toBe(false);
    expect(await stored(learner.userId)).toEqual(before);
  });

  it('waits for a locked transaction in progress, then writes nothing', async () => {
    const learner = await learnerOnCourse();
    const seen = await read(learner.userId, 'guard-d');
    const before = await stored(learner.userId);
    const { db } = t.database;
    let pending: Promise<boolean> | undefined;
    await db.transaction(async (tx) => {
      const locked = await loadLearnerState(tx, learner.userId, t.clock.now, { lock: true });
      expect(locked).not.toBeNull();
      // PostgreSQL: the write waits for this row's lock; PGlite: for this transaction's one connection.
      pending = saveCompletion(db, writesAt(learner.userId, seen!.version, 'guard-d', 5));
      await untilHeldUp(t.database, pending);
    });
    expect(await pending).toBe(false);
    expect(await stored(learner.userId)).toEqual(before);
  });

  it('reads no version for an unknown learner', async () => {
    expect(await read('00000000-0000-4000-8000-000000000000', 'guard-e')).toBeNull();
  });
});
