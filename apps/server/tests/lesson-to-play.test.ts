import zlib from 'node:zlib';
import {
  catalogueSchema,
  exerciseListSchema,
  lessonExercises,
  lessonToPlay,
  playableLessonSchema,
} from '@parlo/contract/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue, loadLessonExercises } from '../src/modules/catalogue/catalogue.repository.ts';
import type { SeededCourse } from './factories/course.factory.ts';
import { createCourseAppWithLearner, errorCode, injectGet, type SignedIn, type TestApp } from './helper.ts';
import { injectCall } from './support/inject-call.ts';

// Issue 15, ADR 027: the player reads a lesson from one request, not from the whole catalogue.

let t: TestApp;
let course: SeededCourse;
let learner: SignedIn;

beforeAll(async () => {
  ({ t, course, learner } = await createCourseAppWithLearner());
});
afterAll(async () => {
  await t.close();
});

const get = injectGet(() => t.app);
const lessonOf = (lessonId: number, headers?: Record<string, string>) =>
  injectCall(t.app, lessonToPlay, { params: { lessonId }, headers });

describe('GET /api/lessons/{id}: a lesson to play', () => {
  it("answers the lesson's exercises with its topic, rules and names, as the catalogue has them", async () => {
    const hello = course.topics[0]!.lessons[1]!;
    const response = await lessonOf(hello.id, learner.headers);
    expect(response.statusCode).toBe(200);
    const lesson = playableLessonSchema.parse(response.json());

    // The same exercises, in the same order, as GET /api/lessons/{id}/exercises.
    expect(lesson.exercises).toEqual(
      exerciseListSchema.parse(await loadLessonExercises(t.database.db, hello.id)),
    );
    const catalogue = catalogueSchema.parse(await loadCatalogue(t.database.db));
    const language = catalogue.find((item) => item.id === course.languageId)!;
    const coursePackage = language.packages.find((item) => item.id === course.packageId)!;
    const program = coursePackage.programs.find((item) => item.id === course.programId)!;
    const topic = program.topics.find((item) => item.id === course.topics[0]!.id)!;
    expect(lesson.language).toEqual({ id: language.id, name: language.name });
    expect(lesson.coursePackage).toEqual({ id: coursePackage.id, name: coursePackage.name });
    expect(lesson.program).toEqual({
      id: program.id,
      name: program.name,
      languageCode: program.languageCode,
      topics: program.topics.map(({ id, name }) => ({ id, name })),
    });
    // The whole topic: its rules lesson's text travels with every lesson of it (the player's info icon).
    expect(lesson.topic).toEqual(topic);
    expect(lesson.topic.lessons.map((item) => item.id)).toContain(hello.id);
    expect(lesson.topic.lessons.some((item) => item.type === 1)).toBe(true);
  });

  it('is prebuilt bytes: brotli, gzip and a 304 for a known ETag; signed-in only', async () => {
    const hello = course.topics[0]!.lessons[1]!;
    const plain = await lessonOf(hello.id, learner.headers);
    const brotli = await lessonOf(hello.id, { ...learner.headers, 'accept-encoding': 'br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(plain.body);
    const gzipped = await lessonOf(hello.id, { ...learner.headers, 'accept-encoding': 'gzip' });
    expect(zlib.gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(plain.body);
    expect(plain.headers['cache-control']).toBe('private, no-cache');
    const again = await lessonOf(hello.id, {
      ...learner.headers,
      'if-none-match': plain.headers.etag as string,
    });
    expect(again.statusCode).toBe(304);
    expect((await lessonOf(hello.id)).statusCode).toBe(401);
  });

  it('answers 404 for a disabled or unknown lesson, every time, and 400 for a bad id', async () => {
    for (const id of [course.disabledLessonId, course.disabledLessonId, 999_999_999]) {
      const response = await lessonOf(id, learner.headers);
      expect(response.statusCode).toBe(404);
      expect(errorCode(response)).toBe('NOT_FOUND');
    }
    // A literal URL on purpose: an id the contract refuses.
    const bad = await get('/api/lessons/abc', learner.headers);
    expect(bad.statusCode).toBe(400);
  });

  it('leaves GET /api/lessons/{id}/exercises as it was: the list alone', async () => {
    const hello = course.topics[0]!.lessons[1]!;
    const exercises = await injectCall(t.app, lessonExercises, {
      params: { lessonId: hello.id },
      headers: learner.headers,
    });
    const lesson = await lessonOf(hello.id, learner.headers);
    expect(exercises.json()).toEqual(playableLessonSchema.parse(lesson.json()).exercises);
  });
});
