import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blitzExercises, resetProgress } from '@parlo/contract/learning';
import { practice as practiceCall, words as wordsCall } from '@parlo/contract/review';
import { answerHistory, exercises, itemMemory, learningEvents, lessonCompletions } from '../src/db/schema.ts';
import type { SeededCourse } from './factories/course.factory.ts';
import { learningDriver, rightAttempts } from './factories/learning-driver.ts';
import { createCourseApp, registerLearner, type SignedIn, type TestApp } from './helper.ts';
import { injectCall } from './support/inject-call.ts';

/** Issue 29: what the learner is told is what happened (items 10, 11, 12, 15). */
const SECRET = 'unlimited-access-for-tests';
const DAY = 86_400_000;
let t: TestApp;
let course: SeededCourse;

beforeAll(async () => {
  ({ t, course } = await createCourseApp({ env: { SECRET_ACCESS_KEY: SECRET } }));
  // As the content build does: each exercise practises one item (the same type is the same word here).
  await t.database.db.update(exercises).set({
    itemKey: sql`'de:word-' || ${exercises.type}`,
    itemText: sql`'Wort ' || ${exercises.type}`,
    itemTranslation: sql`'word ' || ${exercises.type}`,
  });
});
afterAll(async () => {
  await t.close();
});

const topic = (index: number) => course.topics[index]!;
const lesson = (topicIndex: number, index: number) => topic(topicIndex).lessons[index]!;

async function newLearner(secret: boolean) {
  const learner = await registerLearner(t.app);
  const drive = learningDriver(t.app, course, learner, secret ? { secret: SECRET } : {});
  expect((await drive.selectCourse()).statusCode).toBe(200);
  expect((await drive.chooseLevel('beginning')).statusCode).toBe(200);
  return { learner, drive };
}

const myWords = async (learner: SignedIn) =>
  (await injectCall(t.app, wordsCall, { headers: learner.headers })).data;
const blitzExercisesOf = (learner: SignedIn, topicId: number) =>
  injectCall(t.app, blitzExercises, { params: { topicId }, headers: learner.headers });

/** Everything a completion can write for a learner, to compare before and after. */
async function writtenFor(userId: string) {
  const { db } = t.database;
  const count = async (table: typeof answerHistory | typeof itemMemory | typeof learningEvents) =>
    (await db.select().from(table).where(eq(table.userId, userId))).length;
  return {
    history: await count(answerHistory),
    memories: (await db.select().from(itemMemory).where(eq(itemMemory.userId, userId))).map((row) => ({
      ...row,
    })),
    events: await count(learningEvents),
    completions: (await db.select().from(lessonCompletions).where(eq(lessonCompletions.userId, userId)))
      .length,
  };
}

describe('a completion refused by the daily limit (item 12)', () => {
  it('writes nothing, and the same completion replayed once a lesson is free counts in full', async () => {
    const { learner, drive } = await newLearner(false);
    for (const [topicIndex, index] of [
      [0, 1],
      [0, 2],
    ] as const) {
      const done = await drive.complete(
        lesson(topicIndex, index).id,
        rightAttempts(lesson(topicIndex, index).exercises),
      );
      expect(done.json()).toMatchObject({ committed: true });
    }
    const before = await writtenFor(learner.userId);
    const wordsBefore = await myWords(learner);
    const overviewBefore = await drive.overview();

    // An offline completion of the next lesson, sent at the limit.
    const next = lesson(1, 0);
    const key = randomUUID();
    const refused = await drive.complete(next.id, rightAttempts(next.exercises), key);
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toMatchObject({
      committed: false,
      wordsLearned: 0,
      pointsTotal: 0,
      route: { path: '/limit' },
    });
    expect(await writtenFor(learner.userId)).toEqual(before);
    expect(await myWords(learner)).toEqual(wordsBefore);
    expect((await drive.overview()).statistics).toEqual(overviewBefore.statistics);

    // Its replay the next day is not the stored refusal: the lesson counts now.
    const untilTomorrow = DAY - (t.clock.now.getTime() % DAY) + 1000;
    t.clock.advance(untilTomorrow);
    try {
      const replayed = await drive.complete(next.id, rightAttempts(next.exercises), key);
      expect(replayed.json()).toMatchObject({ committed: true, route: { path: '/endlesson' } });
      expect((await writtenFor(learner.userId)).history).toBeGreaterThan(before.history);
    } finally {
      t.clock.advance(-untilTomorrow);
    }
  });
});

describe('a learned word (item 11)', () => {
  it('is counted the same by the statistics and by My words, lesson after lesson, and both reset', async () => {
    const { learner, drive } = await newLearner(true);
    for (const [topicIndex, index] of [
      [0, 1],
      [0, 2],
      [1, 0],
      [1, 1],
    ] as const) {
      const done = await drive.complete(
        lesson(topicIndex, index).id,
        rightAttempts(lesson(topicIndex, index).exercises),
      );
      const words = await myWords(learner);
      const { statistics } = await drive.overview();
      expect(statistics.words).toBe(words.words.length);
      expect(done.json().statistics.words).toBe(words.words.length);
    }
    // Types 2-15 but 7 ('further') were answered: 13 words, not one per lesson.
    expect((await drive.overview()).statistics.words).toBe(13);

    // A repeat meets no new word and counts none twice.
    await drive.complete(lesson(0, 1).id, rightAttempts(lesson(0, 1).exercises));
    expect((await drive.overview()).statistics.words).toBe(13);

    const reset = await injectCall(t.app, resetProgress, { headers: learner.headers });
    expect(reset.statusCode).toBe(204);
    expect((await drive.overview()).statistics.words).toBe(0);
    expect((await drive.selectCourse()).statusCode).toBe(200);
    expect((await drive.chooseLevel('beginning')).statusCode).toBe(200);
    expect((await myWords(learner)).words).toHaveLength(0);
  });
});

describe('a blitz (item 10)', () => {
  it('opens once its topics are learned, is refused before with a clear code, and says what it opened', async () => {
    const { learner, drive } = await newLearner(true);
    const [greetings, family, blitz, food] = [topic(0), topic(1), topic(2), topic(3)];
    const blitzExercises = [greetings, family].flatMap((covered) =>
      covered.lessons.flatMap((item) => item.exercises.filter((exercise) => exercise.blitz)),
    );
    const blitzState = async () =>
      (await drive.overview()).program.topics.find((view: { id: number }) => view.id === blitz.id).blitz;

    // Nothing studied yet: no exercises, no +25, and the dashboard's button is locked.
    expect(await blitzState()).toBe('locked');
    const early = await blitzExercisesOf(learner, blitz.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('BLITZ_NOT_REACHED');
    const cashIn = await drive.completeBlitz(blitz.id, rightAttempts(blitzExercises));
    expect(cashIn.statusCode).toBe(409);
    expect(cashIn.json().error.code).toBe('COMPLETION_BLITZ_NOT_REACHED');
    expect((await drive.overview()).statistics.points).toBe(0);

    const outcomes = [];
    for (const item of [greetings.lessons[1]!, greetings.lessons[2]!, ...family.lessons]) {
      const done = await drive.complete(item.id, rightAttempts(item.exercises));
      expect(done.statusCode, done.body).toBe(200);
      outcomes.push(done.json());
    }
    // Item 16: Greetings has rules, two lessons and a word review; /endlesson counts like the dashboard.
    expect(outcomes[0].route.endLesson).toMatchObject({ lessonsDoneInTopic: 1, lessonsInTopic: 2 });
    // Finishing Greetings opened Family; finishing Family reached the blitz.
    expect(outcomes.map((outcome) => outcome.openedTopicIds)).toEqual([[], [family.id], [], [blitz.id]]);
    expect(await blitzState()).toBe('enabled');
    expect((await blitzExercisesOf(learner, blitz.id)).statusCode).toBe(200);
    // Reached, it must still be played with its own exercises.
    const foreign = await drive.completeBlitz(blitz.id, rightAttempts(greetings.lessons[1]!.exercises));
    expect(foreign.json().error.code).toBe('COMPLETION_UNKNOWN_EXERCISE');

    const passed = await drive.completeBlitz(blitz.id, rightAttempts(blitzExercises));
    expect(passed.json()).toMatchObject({
      committed: true,
      pointsTotal: 25,
      route: { path: '/successful', isBlitz: true },
      openedTopicIds: [food.id],
    });
    expect(await blitzState()).toBe('passed');
  });
});

describe('review right after mistakes (item 15)', () => {
  it('offers the words just failed, due now and weak, and the others as they are', async () => {
    const { learner, drive } = await newLearner(true);
    const hello = lesson(0, 1);
    const failed = hello.exercises.find((exercise) => exercise.type === 3)!;
    const done = await drive.complete(hello.id, rightAttempts(hello.exercises, [failed.id]));
    expect(done.statusCode, done.body).toBe(200);

    t.clock.advance(60_000);
    try {
      const words = await myWords(learner);
      const word = (key: string) => words.words.find((item) => item.itemKey === key)!;
      expect(words.dueNow).toBe(1);
      // Failed: weak, back today; answered right: strong, back in days.
      expect(word('de:word-3').strength).toBeLessThan(0.7);
      expect(word('de:word-3').due - t.clock.now.getTime()).toBeLessThan(DAY / 24);
      expect(word('de:word-2').strength).toBeGreaterThan(0.9);
      expect(word('de:word-2').due - t.clock.now.getTime()).toBeGreaterThan(DAY);

      const practice = (await injectCall(t.app, practiceCall, { headers: learner.headers })).data;
      expect(practice.due).toBe(true);
      expect(practice.items.map((item) => item.itemKey)).toEqual(['de:word-3']);
      expect(practice.items[0]!.strength).toBeLessThan(0.7);
    } finally {
      t.clock.advance(-60_000);
    }
  });
});
