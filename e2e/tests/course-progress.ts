import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
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

/**
 * The server allows RATE_LIMIT requests a minute per address (600 on the e2e servers, which leave it at its
 * default: support/servers.ts) and counts the browser's and every later spec's requests from this machine
 * in the same window. A loop of a few hundred calls therefore reads what is left of the window from each
 * answer and, once only `reserve` requests are left, waits for the window the server announced to end; a
 * 429 (something else used the window) is waited out the same way and the call sent again.
 */
export class PacedApi {
  private resumeAt = 0;
  /** Time spent waiting for rate-limit windows to end (ms). */
  waitedMs = 0;
  requests = 0;

  constructor(
    private readonly request: APIRequestContext,
    private readonly reserve = 150,
  ) {}

  get(url: string) {
    // Safe to repeat: the server may close an idle keep-alive socket just as it is reused (support/app.ts).
    return this.send(() => this.request.get(url, { maxRetries: 1 }));
  }

  /** Only for calls that are idempotent (a completion replayed with its key counts once). */
  post(url: string, data: unknown) {
    return this.send(() => this.request.post(url, { data, maxRetries: 1 }));
  }

  private async send(call: () => Promise<APIResponse>): Promise<APIResponse> {
    for (let attempt = 1; ; attempt += 1) {
      await this.windowOpen();
      const response = await call();
      this.requests += 1;
      const headers = response.headers();
      // Seconds until the window ends (retry-after on a 429); the plugin sends both on every answer.
      const resetSeconds = Number(headers['retry-after'] ?? headers['x-ratelimit-reset'] ?? 60);
      const remaining = Number(headers['x-ratelimit-remaining'] ?? Number.POSITIVE_INFINITY);
      if (response.status() === 429 || remaining <= this.reserve) {
        this.resumeAt = Date.now() + resetSeconds * 1000 + 250;
      }
      if (response.status() !== 429 || attempt === 3) return response;
    }
  }

  /** Waits for the window the server named to end: a wait on the server's own clock, never a guess. */
  private async windowOpen() {
    const wait = this.resumeAt - Date.now();
    if (wait <= 0) return;
    this.waitedMs += wait;
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/** What bringing a learner along took, and anything in the answers that deserves a look. */
export interface Journey {
  lessons: number;
  blitzes: number;
  exercises: number;
  requests: number;
  ms: number;
  waitedMs: number;
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
  const api = new PacedApi(request);
  const journey: Journey = {
    lessons: 0,
    blitzes: 0,
    exercises: 0,
    requests: 0,
    ms: 0,
    waitedMs: 0,
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
  journey.waitedMs = api.waitedMs;
  journey.ms = Date.now() - started;
  return journey;
}
