import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendFeedback } from '@parlo/contract/feedback';
import { reportedAnswers } from '../src/modules/feedback/feedback.repository.ts';
import { formatReportedAnswers } from '../src/modules/feedback/reported-answers.ts';
import type { SeededCourse } from './factories/course.factory.ts';
import { createCourseApp, registerLearner, type TestApp } from './helper.ts';
import { injectCall } from './support/inject-call.ts';

let t: TestApp;
let course: SeededCourse;
beforeAll(async () => {
  ({ t, course } = await createCourseApp());
});
afterAll(async () => {
  await t.close();
});

function freeTranslation() {
  const found = course.topics
    .flatMap((topic) => topic.lessons)
    .flatMap((lesson) => lesson.exercises)
    .find((exercise) => exercise.type === 11);
  if (!found) throw new Error('the test course has a type-11 exercise');
  return found;
}

describe('"my answer should be accepted" (issue 31)', () => {
  it('stores the exact answer with its exercise, and content:reports lists it per exercise', async () => {
    const exercise = freeTranslation();
    const learner = await registerLearner(t.app);
    const send = (answer: string) =>
      injectCall(t.app, sendFeedback, {
        headers: learner.headers,
        body: {
          text: `Exercise: #${exercise.id} (type 11)\nProblems: Wrong answer marking`,
          exerciseId: exercise.id,
          answer,
        },
      });
    for (const answer of ['Guten Morgen, Anna!', 'Guten Morgen, Anna!', '  Morgen!  ']) {
      expect((await send(answer)).statusCode).toBe(201);
    }
    const rows = await reportedAnswers(t.database.db);
    expect(rows.map(({ exerciseId, answer, reports }) => ({ exerciseId, answer, reports }))).toEqual([
      { exerciseId: exercise.id, answer: 'Guten Morgen, Anna!', reports: 2 },
      // Exactly as typed: the author decides what it means.
      { exerciseId: exercise.id, answer: '  Morgen!  ', reports: 1 },
    ]);
    const listing = formatReportedAnswers(rows);
    expect(listing[0]).toContain(`#${exercise.id}`);
    expect(listing[0]).toContain('type 11');
    expect(listing).toContain('  reported ×2: Guten Morgen, Anna!');
    expect(listing.some((line) => line.startsWith('  accepts: '))).toBe(true);
  });

  it('keeps a report about an exercise that does not exist as text only', async () => {
    const response = await injectCall(t.app, sendFeedback, {
      body: { text: 'Problems: Other', exerciseId: 2_000_000_000, answer: 'x' },
    });
    expect(response.statusCode).toBe(201);
    expect((await reportedAnswers(t.database.db)).some((row) => row.answer === 'x')).toBe(false);
  });

  it('says so when nothing was reported', () => {
    expect(formatReportedAnswers([])).toEqual(['No reported answers yet.']);
  });
});
