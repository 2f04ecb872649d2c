import type { APIRequestContext, Page } from '@playwright/test';
import { exerciseSamples } from '../../apps/server/tests/factories/exercise-samples.ts';
import { expect } from '../fixtures/test.ts';
import { e2eSecret } from '../playwright.config.ts';
import { getIdempotent } from '../support/app.ts';
import { outlineOf } from '../support/course-outline.ts';

/*
 * Shared by the player-*.spec.ts files: the seeded test course (apps/server/tests/factories), a learner
 * enrolled in it through the API, and a way to open the player with its navigation state.
 */

export interface SeededLesson {
  id: number;
  name: string;
  type: number;
}
export interface SeededTopic {
  id: number;
  name: string;
  type: number;
  lessons: SeededLesson[];
}
export interface TestCourse {
  languageId: number;
  packageId: number;
  programId: number;
  topics: SeededTopic[];
}
export interface SeededExercise {
  id: number;
  type: number;
  lessonId: number;
}

export type PlayerState =
  { kind: 'lesson'; lessonId: number; topicId: number } | { kind: 'blitz'; blitzTopicId: number };

/** The seeded course, from its spoken language's outline. */
export async function testCourse(request: APIRequestContext): Promise<TestCourse> {
  const language = await outlineOf(request, (candidate) => candidate.name === 'Test learners');
  const coursePackage = language.packages.find((candidate) => candidate.name === 'German');
  const program = coursePackage?.programs[0];
  if (!coursePackage || !program) throw new Error('the seeded test course is missing');
  return {
    languageId: language.id,
    packageId: coursePackage.id,
    programId: program.id,
    topics: program.topics,
  };
}

export function lessonNamed(course: TestCourse, name: string): PlayerState & { kind: 'lesson' } {
  for (const topic of course.topics) {
    const lesson = topic.lessons.find((candidate) => candidate.name === name);
    if (lesson) return { kind: 'lesson', lessonId: lesson.id, topicId: topic.id };
  }
  throw new Error(`no lesson named ${name}`);
}

export function topicNamed(course: TestCourse, name: string): SeededTopic {
  const topic = course.topics.find((candidate) => candidate.name === name);
  if (!topic) throw new Error(`no topic named ${name}`);
  return topic;
}

/** Registers a learner (the page's cookie signs the browser in) and starts the test course. */
export async function enrolLearner(page: Page, level: 'beginning' | 'basics' = 'beginning') {
  const request = page.request;
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const registered = await request.post('/api/users/register', {
    data: {
      name: 'Player Tester',
      age: 30,
      email: `player.${unique}@example.com`,
      password: 'correct horse',
    },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const course = await testCourse(request);
  const chosen = await request.post('/api/learning/course', {
    data: { packageId: course.packageId, programId: course.programId },
  });
  expect(chosen.status(), await chosen.text()).toBe(200);
  const levelChosen = await request.post('/api/learning/level', {
    data: { programId: course.programId, level },
  });
  expect(levelChosen.status(), await levelChosen.text()).toBe(200);
  return course;
}

export async function lessonExercises(
  request: APIRequestContext,
  lessonId: number,
): Promise<SeededExercise[]> {
  const response = await request.get(`/api/lessons/${lessonId}/exercises`);
  expect(response.status()).toBe(200);
  return (await response.json()) as SeededExercise[];
}

/** Completes a lesson through the API with the right answer to every exercise (secret: no limit). */
export async function completeLessonViaApi(request: APIRequestContext, lessonId: number) {
  const exercises = await lessonExercises(request, lessonId);
  const response = await request.post(`/api/lessons/${lessonId}/complete?secret=${e2eSecret}`, {
    data: {
      idempotencyKey: `e2e-${lessonId}-${Date.now()}-${Math.random()}`,
      attempts: exercises.map((exercise) => ({
        exerciseId: exercise.id,
        answer: exerciseSamples[exercise.type as keyof typeof exerciseSamples].right,
      })),
      omittedExerciseIds: [],
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

export async function overview(request: APIRequestContext) {
  const response = await getIdempotent(request, '/api/learning/overview');
  expect(response.status()).toBe(200);
  return (await response.json()) as { statistics: { points: number }; freeLessonsLeft: number | null };
}

interface BrowserWindow {
  history: { state: unknown; pushState(state: unknown, unused: string, url: string): void };
  dispatchEvent(event: unknown): boolean;
  PopStateEvent: new (type: string, init: { state: unknown }) => unknown;
}

/**
 * Opens the player the way the app does (`navigate('/exercise', { state })`): the state goes into the
 * history entry the router reads, and a popstate makes the router pick it up without a reload.
 */
export async function openPlayer(
  page: Page,
  state: PlayerState,
  // Where the player lands: /exercise, or /limit when the start check refuses (it may redirect before the
  // URL is ever seen as /exercise, so a caller expecting /limit says so instead of racing it).
  options: { secret?: boolean; arrivesAt?: RegExp } = {},
) {
  if (!page.url().startsWith('http')) await page.goto('/terms');
  const url = options.secret ? `/exercise?secret=${e2eSecret}` : '/exercise';
  await page.evaluate(
    ({ state, url }) => {
      const browser = globalThis as unknown as BrowserWindow;
      browser.history.pushState({ usr: state, key: `e2e${Date.now()}`, idx: 1 }, '', url);
      browser.dispatchEvent(new browser.PopStateEvent('popstate', { state: browser.history.state }));
    },
    { state, url },
  );
  await expect(page).toHaveURL(options.arrivesAt ?? /\/exercise/);
}

/**
 * Opens the single-exercise preview of an exercise. The first is a page load; the next ones move the router
 * as a link in the app would, so a tour of fifteen previews starts the app once instead of fifteen times.
 */
export async function openPreview(page: Page, exerciseId: number) {
  const url = `/exercise/${exerciseId}?secret=${e2eSecret}`;
  if (!page.url().includes('/exercise/')) {
    await page.goto(url);
    return;
  }
  await page.evaluate((url) => {
    const browser = globalThis as unknown as BrowserWindow;
    browser.history.pushState({ usr: null, key: `e2e${Date.now()}`, idx: 1 }, '', url);
    browser.dispatchEvent(new browser.PopStateEvent('popstate', { state: browser.history.state }));
  }, url);
  await expect(page).toHaveURL(new RegExp(`/exercise/${exerciseId}\\?`));
}

/**
 * A SpeechRecognition test double: start() answers with `__speechTranscript` (or fails with
 * `__speechError`), stop() ends it. It records the language asked for in `__speechLanguage`.
 */
export async function fakeSpeechRecognition(page: Page) {
  await page.addInitScript(() => {
    type Scope = Record<string, unknown>;
    const scope = globalThis as unknown as Scope;
    class FakeSpeechRecognition extends EventTarget {
      lang = '';
      continuous = false;
      interimResults = false;
      maxAlternatives = 1;
      private running = false;

      start() {
        this.running = true;
        scope.__speechLanguage = this.lang;
        setTimeout(() => {
          const error = scope.__speechError;
          if (typeof error === 'string') {
            this.dispatchEvent(Object.assign(new Event('error'), { error }));
            this.finish();
            return;
          }
          const transcript = String(scope.__speechTranscript ?? '');
          const result = Object.assign([{ transcript, confidence: 0.9 }], { isFinal: true });
          this.dispatchEvent(Object.assign(new Event('result'), { resultIndex: 0, results: [result] }));
        }, 20);
      }

      stop() {
        setTimeout(() => this.finish(), 60);
      }

      abort() {
        this.finish();
      }

      private finish() {
        if (!this.running) return;
        this.running = false;
        this.dispatchEvent(new Event('end'));
      }
    }
    scope.SpeechRecognition = FakeSpeechRecognition;
    scope.webkitSpeechRecognition = FakeSpeechRecognition;
  });
}

/** A browser without the Web Speech API. */
export async function withoutSpeechRecognition(page: Page) {
  await page.addInitScript(() => {
    const scope = globalThis as unknown as Record<string, unknown>;
    delete scope.SpeechRecognition;
    delete scope.webkitSpeechRecognition;
    Object.defineProperty(scope, 'webkitSpeechRecognition', { value: undefined, configurable: true });
  });
}

export async function setTranscript(page: Page, transcript: string) {
  await page.evaluate((text) => {
    (globalThis as unknown as Record<string, unknown>).__speechTranscript = text;
  }, transcript);
}

/** Holds the microphone button down long enough for the fake recogniser to answer. */
export async function holdMicrophone(page: Page) {
  const mic = page.locator('.mic-button');
  await mic.hover();
  await page.mouse.down();
  await page.waitForTimeout(150);
  await page.mouse.up();
}

export const panel = (page: Page, kind: 'correct' | 'incorrect' | 'microphone-off') =>
  page.locator(`.result-panel--${kind}`);

export async function continueAfterPanel(page: Page) {
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

export async function check(page: Page) {
  await page.getByRole('button', { name: 'Check', exact: true }).click();
}

export const option = (page: Page, name: string) =>
  page.locator('.options').getByRole('button', { name, exact: true });

export const bankChip = (page: Page, name: string) =>
  page.locator('.chip-bank').getByRole('button', { name, exact: true });

export { e2eSecret };

/** Lesson 'Hello' (types 1–5) answered right, each result panel closed with Continue. */
export async function playHelloRight(page: Page) {
  await page.getByRole('button', { name: 'Further', exact: true }).click();
  await page.getByRole('button', { name: 'Right', exact: true }).click();
  await continueAfterPanel(page);
  await option(page, 'der Hund').click();
  await check(page);
  await continueAfterPanel(page);
  await option(page, 'Picture 1').click();
  await check(page);
  await continueAfterPanel(page);
  await option(page, 'house').click();
  await check(page);
  await continueAfterPanel(page);
}

/** Lesson 'Good morning' (types 6–10) answered right. */
export async function playGoodMorningRight(page: Page) {
  await option(page, 'Good morning').click();
  await check(page);
  await continueAfterPanel(page);
  await page.getByRole('button', { name: 'Further', exact: true }).click();
  await option(page, 'bin').click();
  await check(page);
  await continueAfterPanel(page);
  for (const word of ['Ich', 'bin', 'müde']) await bankChip(page, word).click();
  await check(page);
  await continueAfterPanel(page);
  for (const word of ['wohnen', 'in']) await bankChip(page, word).click();
  await check(page);
  await continueAfterPanel(page);
}

/** What an audio element was asked to play, and at which speed. */
export interface Played {
  src: string;
  rate: number;
}

/**
 * Records every play() of an audio element instead of playing it, and answers every phrase's recording
 * with a real sound (the seeded course has none), so a test sees exactly which sound started, how fast.
 */
export async function recordPlays(page: Page) {
  await page.addInitScript(() => {
    const scope = globalThis as unknown as {
      __plays: Played[];
      HTMLMediaElement: { prototype: { play(): Promise<void>; src: string; playbackRate: number } };
    };
    scope.__plays = [];
    scope.HTMLMediaElement.prototype.play = function play(this: { src: string; playbackRate: number }) {
      scope.__plays.push({ src: this.src, rate: this.playbackRate });
      return Promise.resolve();
    };
  });
  // Fetched once, before any route answers: a request made inside the handler could still be in flight
  // when the test ends, and reading its body then fails the test with 'Response has been disposed'.
  const sound = await (await page.request.get('/audio/static/correct.mp3')).body();
  await page.route(/\/audio\/(?!static\/)[^/]+\/[^/]+\.mp3$/, (route) =>
    route.fulfill({ status: 200, contentType: 'audio/mpeg', body: sound }),
  );
}

/** What `recordPlays` has recorded so far. */
export const plays = (page: Page) =>
  page.evaluate(() => [...(globalThis as unknown as { __plays: Played[] }).__plays]);
