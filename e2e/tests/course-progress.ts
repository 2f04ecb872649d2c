import type { APIRequestContext, Page } from '@playwright/test';
import { rightAnswer } from '../../bench/src/answers.ts';
import { isSpeaking, type Exercise } from '../../packages/core/src/exercises/registry.ts';
import { expect } from '../fixtures/test.ts';
import { outlineOf, type OutlineLesson, type OutlineTopic } from '../support/course-outline.ts';
import { e2eSecret } from '../playwright.config.ts';

/*
 * A learner brought through a bundled course with the public API, as a client would: the course chosen
 * from its spoken language's outline, then every lesson completed with its right answers (bench's rightAnswer, found with
 * core's checkAnswer, the check the server runs) and every blitz passed, in course order. Used by the
 * content-*.spec.ts files.
 */

/** Where the learner stands in the chosen program (the overview), and the program's topics in order. */
export interface ChosenProgram {
  programId: number;
  currentLessonId: number;
  currentTopicId: number;
  topics: OutlineTopic[];
}

const TOPIC_NORMAL = 0;
const TOPIC_BLITZ = 2;
const LESSON_REGULAR = 0;

const byOrder = <T extends { order: number }>(items: readonly T[]) =>
  [...items].sort((a, b) => a.order - b.order);

/**
 * Chooses the course's program at `programIndex` (0: A1, 1: A2, 2: B1) for speakers of `speaker`, from the
 * start ('beginning'), as onboarding does.
 */
export async function chooseProgram(
  page: Page,
  course: string,
  speaker: string,
  programIndex: number,
): Promise<ChosenProgram> {
  const spoken = await outlineOf(page.request, (language) => language.code === speaker);
  const pkg = spoken.packages.find(
    (candidate) => !candidate.soon && candidate.programs[0]?.languageCode === course,
  );
  const program = pkg?.programs[programIndex];
  expect(
    pkg && program,
    `${course} course's program ${programIndex + 1} for ${speaker} speakers`,
  ).toBeTruthy();
  expect(
    (
      await page.request.post('/api/learning/course', {
        data: { packageId: pkg!.id, programId: program!.id },
      })
    ).status(),
  ).toBe(200);
  expect(
    (
      await page.request.post('/api/learning/level', {
        data: { programId: program!.id, level: 'beginning' },
      })
    ).status(),
  ).toBe(200);
  const overview = await (await page.request.get('/api/learning/overview')).json();
  const chosen = overview.program as { programId: number; currentLessonId: number; currentTopicId: number };
  expect(chosen.programId).toBe(program!.id);
  return { ...chosen, topics: byOrder(program!.topics) };
}

export interface LessonRef {
  topic: OutlineTopic;
  lesson: OutlineLesson;
}

/**
 * The first regular lesson of the program's last normal topic (blitzes are no topics of their own to
 * learn), read from the outline: whatever topic the writers appended last.
 */
export function lastTopicStart(topics: readonly OutlineTopic[]): LessonRef {
  const topic = topics.findLast((candidate) => candidate.type === TOPIC_NORMAL);
  const lesson = topic && byOrder(topic.lessons).find((candidate) => candidate.type === LESSON_REGULAR);
  if (!topic || !lesson) throw new Error('the program has no normal topic with a regular lesson');
  return { topic, lesson };
}

/** What bringing a learner along took, and anything in the answers that deserves a look. */
export interface Journey {
  lessons: number;
  blitzes: number;
  exercises: number;
  requests: number;
  ms: number;
  /** Exercises (not speaking ones) for which no envelope passed core's check: skipped instead. */
  noRightAnswer: Array<{ lessonId: number; exerciseId: number; type: number }>;
  /** Completions where the server counted mistakes although every answer passed core's check. */
  refusedRightAnswers: Array<{ played: string; errorCount: number }>;
}

let runs = 0;

/** A unique idempotency key per finished run (the server takes any string of 8 to 100 characters). */
function newKey(label: string) {
  runs += 1;
  return `e2e-${label}-${Date.now().toString(36)}-${runs}-${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * Brings the signed-in learner, just started on the program, to `target`: every regular lesson of every
 * normal topic before the target's completed with right answers and every blitz over them passed, through
 * the public API (lessons with the secret access of SPEC §4, which lifts the daily free-lesson limit).
 * Checks each step was accepted and that the overview then stands at `target`.
 */
export async function bringLearnerTo(
  request: APIRequestContext,
  topics: readonly OutlineTopic[],
  target: LessonRef,
): Promise<Journey> {
  const started = Date.now();
  // Safe to repeat (maxRetries): the server may close an idle keep-alive socket just as it is reused
  // (support/app.ts), and a completion replayed with its key counts once.
  const api = {
    requests: 0,
    get(url: string) {
      this.requests += 1;
      return request.get(url, { maxRetries: 1 });
    },
    post(url: string, data: unknown) {
      this.requests += 1;
      return request.post(url, { data, maxRetries: 1 });
    },
  };
  const journey: Journey = {
    lessons: 0,
    blitzes: 0,
    exercises: 0,
    requests: 0,
    ms: 0,
    noRightAnswer: [],
    refusedRightAnswers: [],
  };
  const answersTo = (exercises: Exercise[], lessonId: number) =>
    exercises.map((exercise) => {
      const answer = rightAnswer(exercise);
      // rightAnswer falls back to 'cannot talk', which only a speaking exercise takes: a learner who finds
      // no right answer skips the exercise.
      if ('cannotTalk' in answer && !isSpeaking(exercise.type)) {
        journey.noRightAnswer.push({ lessonId, exerciseId: exercise.id, type: exercise.type });
        return { exerciseId: exercise.id, answer: { skipped: true } };
      }
      return { exerciseId: exercise.id, answer };
    });
  const complete = async (played: string, path: string, exercises: Exercise[], lessonId = 0) => {
    journey.exercises += exercises.length;
    const attempts = answersTo(exercises, lessonId);
    const response = await api.post(`${path}/complete?secret=${e2eSecret}`, {
      idempotencyKey: newKey(played.replace(/\W+/g, '-')),
      attempts,
      omittedExerciseIds: [],
    });
    expect(response.status(), `${played}: ${await response.text()}`).toBe(200);
    const outcome = (await response.json()) as { committed: boolean; errorCount: number };
    expect(outcome.committed, `${played} was learned`).toBe(true);
    const skipped = attempts.filter((attempt) => 'skipped' in attempt.answer).length;
    if (outcome.errorCount > 0 && skipped === 0) {
      journey.refusedRightAnswers.push({ played, errorCount: outcome.errorCount });
    }
  };
  const exercisesAt = async (path: string) => {
    const response = await api.get(path);
    expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
    return (await response.json()) as Exercise[];
  };

  let normalSinceBlitz = 0;
  for (const topic of topics) {
    if (topic.id === target.topic.id) break;
    if (topic.type === TOPIC_BLITZ) {
      // A blitz covers the normal topics since the previous one; one that covers none tests nothing.
      if (normalSinceBlitz === 0) continue;
      await complete(
        `blitz ${topic.id}`,
        `/api/blitz/${topic.id}`,
        await exercisesAt(`/api/blitz/${topic.id}/exercises`),
      );
      journey.blitzes += 1;
      normalSinceBlitz = 0;
      continue;
    }
    normalSinceBlitz += 1;
    for (const lesson of byOrder(topic.lessons).filter((item) => item.type === LESSON_REGULAR)) {
      await complete(
        `lesson ${lesson.id}`,
        `/api/lessons/${lesson.id}`,
        await exercisesAt(`/api/lessons/${lesson.id}/exercises`),
        lesson.id,
      );
      journey.lessons += 1;
    }
  }

  const overview = await api.get('/api/learning/overview');
  expect(overview.status()).toBe(200);
  const program = (
    (await overview.json()) as { program: { currentLessonId: number; currentTopicId: number } }
  ).program;
  expect(program, 'the learner stands at the first lesson of the last topic').toMatchObject({
    currentTopicId: target.topic.id,
    currentLessonId: target.lesson.id,
  });
  journey.requests = api.requests;
  journey.ms = Date.now() - started;
  return journey;
}
