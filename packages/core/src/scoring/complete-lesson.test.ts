import { describe, expect, it } from 'vitest';
import type { FreeLessons } from '../billing/free-lessons.ts';
import { testExercise } from '../exercises/exercise-factory.ts';
import type { Exercise } from '../exercises/registry.ts';
import { sampleKey, sampleProgram as program } from '../progression/catalogue-fixture.ts';
import { chooseLevel, recordBlitzPassed } from '../progression/course-flow.ts';
import type { ProgramProgress } from '../progression/progress.ts';
import { emptyStatistics } from '../stats/statistics.ts';
import type { Statistics } from '../stats/statistics.ts';
import { defaultStatusTiers } from '../stats/status.ts';
import { completeLesson } from './complete-lesson.ts';
import type { CompleteLessonInput, LessonOutcome } from './complete-lesson.ts';
import type { AnswerAttempt } from './replay-answers.ts';

const NOW = Date.UTC(2025, 0, 15, 12); // a Wednesday
const DAY = 86_400_000;

const pick = (id: number, lessonId: number, correct = 0, blitz = false): Exercise =>
  testExercise(
    5,
    {
      type5_word: 'w',
      type5_translation: ['a', 'b'],
      type5_isCorrect: correct === 0 ? [true, false] : [false, true],
    },
    { id, lessonId, blitz },
  );
const intro = (id: number, lessonId: number, word: string): Exercise =>
  testExercise(1, { type1_word: word, type1_image: 'x.png' }, { id, lessonId });

const right = (exerciseId: number): AnswerAttempt => ({ exerciseId, answer: { choice: 0 } });
const wrong = (exerciseId: number): AnswerAttempt => ({ exerciseId, answer: { choice: 1 } });
const further = (exerciseId: number): AnswerAttempt => ({ exerciseId, answer: {} });
const skip = (exerciseId: number): AnswerAttempt => ({ exerciseId, answer: { skipped: true } });

const beginning = chooseLevel(program, sampleKey, 'beginning');
const at = (topicId: number, lessonId: number, extra: Partial<ProgramProgress> = {}): ProgramProgress => ({
  ...beginning,
  topicId,
  lessonId,
  ...extra,
});
const veteran: Statistics = { ...emptyStatistics(), points: 5, timestamp: Math.floor((NOW - DAY) / 1000) };
const freeToday: FreeLessons = { num: 2, date: Math.floor(NOW / DAY), lastApiFreeLessons: 2 };

function input(overrides: Partial<CompleteLessonInput>): CompleteLessonInput {
  return {
    program,
    played: { kind: 'lesson', lessonId: 102 },
    exercises: [pick(1, 102), intro(2, 102, 'Apple'), pick(3, 102)],
    attempts: [right(1), further(2), wrong(3), wrong(3), right(3)],
    progress: beginning,
    statistics: veteran,
    statusTiers: defaultStatusTiers,
    freeLessons: freeToday,
    configuredFreeLessons: 2,
    premium: false,
    secretAccess: false,
    now: NOW,
    timeZone: 'UTC',
    ...overrides,
  };
}

function outcome(overrides: Partial<CompleteLessonInput>): LessonOutcome {
  const result = completeLesson(input(overrides));
  if (!result.ok) throw new Error(`expected an outcome, got ${result.error}`);
  return result;
}

describe('completing a new regular lesson', () => {
  // The words its answers learned for the first time, as the server counts them from the review memory.
  const result = outcome({ wordsLearned: 1 });
  it('counts right answers once per exercise and every wrong try', () => {
    expect(result).toMatchObject({ committed: true, rightAnswers: 2, errorCount: 2, wordsLearned: 1 });
  });
  it('earns a point per right answer only', () => {
    expect(result.points).toEqual({
      correctAnswers: 2,
      moreWords: 0,
      topicFinished: 0,
      blitzPassed: 0,
      courseFinished: 0,
    });
    expect(result.pointsTotal).toBe(2);
    expect(result.events).toEqual([]);
  });
  it('advances progress, uses a free lesson and commits statistics', () => {
    expect(result.progress).toMatchObject({ topicId: 10, lessonId: 103 });
    expect(result.freeLessons.num).toBe(1);
    expect(result.statistics).toMatchObject({ points: 7, rightAnswers: 2, errorCount: 2, words: 1, days: 1 });
  });
  it('goes to /endlesson with the next lesson', () => {
    expect(result.route).toEqual({
      path: '/endlesson',
      endLesson: {
        topicId: 10,
        lessonId: 102,
        remainingLessonsInTopic: 1,
        next: { topicId: 10, lessonId: 103 },
        nextIsNewTopic: false,
        nextAvailable: true,
        // Counted as the dashboard counts (issue 29 item 16): rules and the word review are not lessons here.
        lessonsDoneInTopic: 1,
        lessonsInTopic: 2,
      },
    });
  });
});

describe('lesson completion routes and rewards', () => {
  it('finishes the topic with its last regular lesson (+10) and reaches a new status', () => {
    const result = outcome({
      played: { kind: 'lesson', lessonId: 103 },
      progress: at(10, 103),
      exercises: [pick(1, 103)],
      attempts: [right(1)],
    });
    expect(result.events).toEqual(['topic-finished']);
    expect(result.points.topicFinished).toBe(10);
    expect(result.pointsTotal).toBe(11);
    expect(result.newStatus?.name).toBe('Beginner');
    expect(result.route).toMatchObject({
      path: '/successful',
      isBlitz: false,
      status: { name: 'Beginner', points: 10 },
      endLesson: { next: { topicId: 20, lessonId: 201 }, nextIsNewTopic: true, remainingLessonsInTopic: 0 },
    });
  });
  it('marks the next lesson unavailable while it waits behind a blitz', () => {
    const result = outcome({
      played: { kind: 'lesson', lessonId: 201 },
      progress: at(20, 201),
      exercises: [pick(1, 201)],
      attempts: [right(1)],
      statistics: { ...veteran, points: 35 },
    });
    expect(result.route).toMatchObject({
      path: '/endlesson',
      endLesson: { next: { lessonId: 401 }, nextAvailable: false },
    });
  });
  it('finishes the course with the last lesson (+500) and goes to the dashboard when no status is new', () => {
    const result = outcome({
      played: { kind: 'lesson', lessonId: 601 },
      progress: at(60, 601, { passedBlitzes: [30] }),
      exercises: [pick(1, 601)],
      attempts: [right(1)],
      statistics: { ...veteran, points: 10_000 },
    });
    expect(result.events).toEqual(['topic-finished', 'course-finished']);
    expect(result.pointsTotal).toBe(511);
    expect(result.progress).toMatchObject({ finished: true, lessonId: null });
    expect(result.route).toEqual({ path: '/dashboard' });
  });
  it('rewards the first word review with more words (+5) and goes to the dashboard', () => {
    const first = outcome({
      played: { kind: 'lesson', lessonId: 104 },
      exercises: [pick(1, 104)],
      attempts: [right(1)],
    });
    expect(first.events).toEqual(['more-words']);
    expect(first.points).toMatchObject({ correctAnswers: 1, moreWords: 5 });
    expect(first.progress.reviewedLessons).toEqual([104]);
    expect(first.progress.lessonId).toBe(102);
    expect(first.freeLessons.num).toBe(1);
    expect(first.route).toEqual({ path: '/dashboard' });
    const again = outcome({
      played: { kind: 'lesson', lessonId: 104 },
      exercises: [pick(1, 104)],
      attempts: [right(1)],
      progress: first.progress,
    });
    expect(again.committed).toBe(false);
    expect(again.pointsTotal).toBe(0);
  });
  it('commits nothing for a repeated lesson and returns to the dashboard', () => {
    const progress = at(10, 103);
    const result = outcome({ progress, statistics: veteran });
    expect(result).toMatchObject({ committed: false, pointsTotal: 0, route: { path: '/dashboard' } });
    expect(result.progress).toBe(progress);
    expect(result.statistics).toBe(veteran);
    expect(result.freeLessons.num).toBe(2);
  });
});

describe('free lessons and access', () => {
  const used: FreeLessons = { ...freeToday, num: 0 };
  it('sends a free learner without free lessons to /limit and commits nothing', () => {
    const result = outcome({ freeLessons: used, wordsLearned: 3 });
    expect(result).toMatchObject({ committed: false, route: { path: '/limit' }, progress: beginning });
    // Refused: its answers are not saved, so they teach no word either (issue 29 item 12).
    expect(result.wordsLearned).toBe(0);
    expect(result.statistics).toBe(veteran);
  });
  it('counts the words a repeat met for the first time, without committing anything else', () => {
    const result = outcome({ progress: at(10, 103), wordsLearned: 2 });
    expect(result).toMatchObject({ committed: false, pointsTotal: 0, wordsLearned: 2 });
    expect(result.statistics).toEqual({ ...veteran, words: veteran.words + 2 });
  });
  it('lets premium and secret access through without counting', () => {
    expect(outcome({ freeLessons: used, premium: true })).toMatchObject({
      committed: true,
      freeLessons: { num: 0 },
    });
    expect(outcome({ freeLessons: freeToday, secretAccess: true }).freeLessons.num).toBe(2);
  });
  it('refreshes yesterday’s counter before checking', () => {
    const result = outcome({
      freeLessons: { ...used, date: used.date - 1 },
      configuredFreeLessons: undefined,
    });
    expect(result.committed).toBe(true);
    expect(result.freeLessons).toEqual({ num: 1, date: freeToday.date, lastApiFreeLessons: 2 });
  });
});

describe('refused completions', () => {
  it.each<[Partial<CompleteLessonInput>, string]>([
    [{ played: { kind: 'lesson', lessonId: 201 } }, 'lesson-locked'],
    [{ played: { kind: 'lesson', lessonId: 101 } }, 'lesson-locked'],
    [{ played: { kind: 'lesson', lessonId: 999 } }, 'lesson-locked'],
    [{ exercises: [pick(1, 103)] }, 'foreign-exercise'],
    [{ attempts: [right(1), further(2)] }, 'lesson-not-finished'],
    [{ attempts: [right(1), right(1)] }, 'already-answered'],
    [{ attempts: [right(9)] }, 'unknown-exercise'],
    [{ attempts: [{ exerciseId: 1, answer: { text: 'a' } }] }, 'invalid-answer'],
    [{ attempts: [{ exerciseId: 1, answer: { cannotTalk: true } }] }, 'invalid-answer'],
    [{ played: { kind: 'blitz', blitzTopicId: 70 } }, 'blitz-locked'],
  ])('%j -> %s', (overrides, error) => {
    expect(completeLesson(input(overrides))).toMatchObject({ ok: false, error });
  });
});

describe('blitz', () => {
  const blitzExercises = [pick(1, 102, 0, true), pick(2, 103, 0, true), pick(3, 201, 0, true)];
  // The blitz is reached: every lesson of its topics (10, 20) is learned, the frontier waits behind it.
  const reached = at(40, 401);
  const blitz = (attempts: AnswerAttempt[], extra: Partial<CompleteLessonInput> = {}) =>
    completeLesson(
      input({
        played: { kind: 'blitz', blitzTopicId: 30 },
        exercises: blitzExercises,
        attempts,
        progress: reached,
        ...extra,
      }),
    );

  it('is refused before its topics are learned, and opens the topic after it once passed (issue 29 item 10)', () => {
    const attempts = [right(1), right(2), right(3)];
    expect(blitz(attempts, { progress: beginning })).toEqual({ ok: false, error: 'blitz-not-reached' });
    expect(blitz(attempts, { progress: at(20, 201) })).toEqual({ ok: false, error: 'blitz-not-reached' });
    expect(blitz(attempts)).toMatchObject({ committed: true, openedTopicIds: [40] });
  });

  it('passes with mistakes left: +25, no per-answer points, /successful', () => {
    const result = blitz([right(1), wrong(2), right(2), wrong(3), right(3)]);
    expect(result).toMatchObject({
      ok: true,
      committed: true,
      rightAnswers: 3,
      errorCount: 2,
      points: { correctAnswers: 0, blitzPassed: 25 },
      pointsTotal: 25,
      events: ['blitz-passed'],
      route: { path: '/successful', isBlitz: true },
      progress: { passedBlitzes: [30] },
      statistics: { points: 30, rightAnswers: 3, errorCount: 2 },
    });
  });
  it('is lost on the third mistake and commits nothing', () => {
    const result = blitz([wrong(1), wrong(1), wrong(1)]);
    expect(result).toMatchObject({
      ok: true,
      committed: false,
      errorCount: 3,
      route: { path: '/unsuccessful' },
    });
  });
  it('counts a skip as a mistake', () => {
    expect(blitz([skip(1), skip(2), skip(3)])).toMatchObject({ route: { path: '/unsuccessful' } });
    expect(blitz([skip(1), right(2), right(3)])).toMatchObject({ errorCount: 1, route: { isBlitz: true } });
  });
  it('refuses answers after the run is lost', () => {
    expect(blitz([wrong(1), wrong(1), wrong(1), right(1)])).toMatchObject({
      ok: false,
      error: 'answer-after-end',
    });
  });
  it('refuses exercises outside the blitz', () => {
    expect(blitz([right(1)], { exercises: [pick(1, 102, 0, false)] })).toMatchObject({
      error: 'foreign-exercise',
    });
    expect(blitz([right(1)], { exercises: [pick(1, 401, 0, true)] })).toMatchObject({
      error: 'foreign-exercise',
    });
  });
  it('cannot be passed twice', () => {
    expect(blitz([right(1)], { progress: recordBlitzPassed(reached, 30) })).toMatchObject({
      error: 'blitz-locked',
    });
  });
  it('uses no free lesson, and a passed blitz is saved even once the free lessons ran out', () => {
    const attempts = [right(1), right(2), right(3)];
    expect(blitz(attempts, { freeLessons: { ...freeToday, num: 0 } })).toMatchObject({
      committed: true,
      route: { path: '/successful', isBlitz: true },
      freeLessons: { num: 0 },
    });
    expect(blitz(attempts)).toMatchObject({ freeLessons: { num: 2 } });
  });
});
