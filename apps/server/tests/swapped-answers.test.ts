import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeLesson } from '@parlo/contract/learning';
import { exercises } from '../src/db/schema.ts';
import type { SeededCourse, SeededExercise } from './factories/course.factory.ts';
import { learningDriver, rightAttempts } from './factories/learning-driver.ts';
import { createCourseApp, registerLearner, type TestApp } from './helper.ts';

/*
 * Issue 31: coordinated items the content marks as swappable (`type9_swaps`, `type10_swaps`) are right in
 * either order, and the server, whose check is the one that counts, says so.
 */
let t: TestApp;
let course: SeededCourse;

const goodMorning = () => course.topics[0]!.lessons[2]!;
const hello = () => course.topics[0]!.lessons[1]!;

beforeAll(async () => {
  ({ t, course } = await createCourseApp());
  // As the content build writes a phrase with `swap: [[einen Bruder, eine Schwester]]`.
  await t.database.db
    .update(exercises)
    .set({
      fields: {
        type9_word_choice: 'Ich; habe; einen; Bruder; und; eine; Schwester; keinen',
        type9_in_correct_order: 'Ich habe einen Bruder und eine Schwester.',
        type9_sentence: 'I have a brother and a sister.',
        type9_swaps: [['einen Bruder', 'eine Schwester']],
      },
    })
    .where(eq(exercises.type, 9));
  await t.database.db
    .update(exercises)
    .set({
      fields: {
        type10_sentence: 'Wir essen Hähnchen und Fisch.',
        type10_options: 'Hähnchen; Fisch; Käse',
        type10_missing_words: 'Hähnchen; Fisch',
        type10_translation: 'We eat chicken and fish.',
        type10_swaps: [['Hähnchen', 'Fisch']],
      },
    })
    .where(eq(exercises.type, 10));
});
afterAll(async () => {
  await t.close();
});

const words = (sentence: string) => ({ words: sentence.split(' ') });

/** Completes 'Hello', then 'Good morning' with the given answers, in turn, to its types 9 and 10. */
async function playGoodMorning(answers: { 9: object[]; 10: object[] }) {
  const learner = await registerLearner(t.app);
  const drive = learningDriver(t.app, course, learner);
  expect((await drive.selectCourse()).statusCode).toBe(200);
  expect((await drive.chooseLevel('beginning')).statusCode).toBe(200);
  expect((await drive.complete(hello().id, rightAttempts(hello().exercises))).statusCode).toBe(200);
  const attempt = (exercise: SeededExercise) =>
    exercise.type === 9 || exercise.type === 10
      ? answers[exercise.type].map((answer) => ({ exerciseId: exercise.id, answer }))
      : rightAttempts([exercise]);
  const lesson = goodMorning();
  const result = await drive.complete(lesson.id, lesson.exercises.flatMap(attempt));
  expect(result.statusCode).toBe(200);
  return completeLesson.response.parse(result.json());
}

describe('coordinated items marked as swappable', () => {
  it('are right in the order written and in the other order', async () => {
    expect(
      await playGoodMorning({
        9: [words('Ich habe einen Bruder und eine Schwester')],
        10: [words('Wir essen Hähnchen und Fisch.')],
      }),
    ).toMatchObject({ errorCount: 0 });
    expect(
      await playGoodMorning({
        9: [words('Ich habe eine Schwester und einen Bruder')],
        10: [words('Wir essen Fisch und Hähnchen.')],
      }),
    ).toMatchObject({ errorCount: 0 });
  });

  it('leave any other order or word wrong', async () => {
    // A wrong answer keeps the exercise in the lesson, so each is answered rightly afterwards.
    const wrong = await playGoodMorning({
      9: [
        words('Ich habe einen Schwester und eine Bruder'),
        words('Ich habe eine Schwester und einen Bruder'),
      ],
      10: [words('Wir essen Käse und Fisch.'), words('Wir essen Fisch und Hähnchen.')],
    });
    expect(wrong.errorCount).toBe(2);
  });
});
