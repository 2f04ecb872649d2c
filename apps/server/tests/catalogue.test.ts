import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  blitzExercisesOfLessons,
  config as configCall,
  languages as languagesCall,
  lessonExercises,
  previewExercise,
  statusTiers,
} from '@parlo/contract/catalogue';
import { config, exercises, languages } from '../src/db/schema.ts';
import { ensureStatusTiers } from '../src/modules/catalogue/status-tiers.seed.ts';
import { seedTestCourse, type SeededCourse } from './factories/course.factory.ts';
import { exerciseSamples } from './factories/exercise-samples.ts';
import { loadEnv } from '../src/env.ts';
import { createTestApp, errorCode, registerLearner, type SignedIn, type TestApp } from './helper.ts';
import { injectCall } from './support/inject-call.ts';

let t: TestApp;
let course: SeededCourse;
let learner: SignedIn;
const SECRET = 'preview-secret-0123456789';

beforeAll(async () => {
  t = await createTestApp({ env: { SECRET_ACCESS_KEY: SECRET } });
  course = await seedTestCourse(t.database.db);
  learner = await registerLearner(t.app);
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/languages', () => {
  it('serves the enabled catalogue, ordered, with soon courses listed', async () => {
    const response = await injectCall(t.app, languagesCall);
    expect(response.statusCode).toBe(200);
    const language = response.data.find((l) => l.id === course.languageId)!;
    expect(language.packages.map((p) => [p.name, p.soon])).toEqual([
      ['German', false],
      ['Japanese', true],
    ]);
    const program = language.packages[0]!.programs[0]!;
    expect(program.topics.map((topic) => topic.name)).toEqual([
      'Greetings',
      'Family',
      'Blitz: the basics',
      'Food',
      'Travel',
    ]);
    const greetings = program.topics[0]!;
    expect(greetings.lessons.map((lesson) => [lesson.name, lesson.type])).toEqual([
      ['Greetings: rules', 1],
      ['Hello', 0],
      ['Good morning', 0],
      ['Greetings: more words', 2],
    ]);
    // The body as sent, not as parsed: the contract's schema would drop an unknown key.
    expect(JSON.stringify(response.json())).not.toContain('Hidden');
  });

  it('compresses the catalogue for clients that accept it', async () => {
    const response = await injectCall(t.app, languagesCall, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await injectCall(t.app, languagesCall);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await injectCall(t.app, languagesCall, { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const stale = await injectCall(t.app, languagesCall, { headers: { 'if-none-match': '"old"' } });
    expect(stale.statusCode).toBe(200);
  });
});

describe('exercises', () => {
  it("serves a lesson's enabled exercises in order, with the spec's per-type fields, to signed-in users", async () => {
    const hello = course.topics[0]!.lessons[1]!;
    const params = { lessonId: hello.id };
    expect((await injectCall(t.app, lessonExercises, { params })).statusCode).toBe(401);
    const response = await injectCall(t.app, lessonExercises, { params, headers: learner.headers });
    expect(response.statusCode).toBe(200);
    const list = response.data;
    expect(list.map((exercise) => exercise.type)).toEqual([1, 2, 3, 4, 5]);
    expect(list[2]).toMatchObject({
      type: 3,
      type3_word: 'dog',
      type3_isCorrect: [false, true, false],
      lessonId: hello.id,
    });
    expect(list.every((exercise) => exercise.enabled)).toBe(true);
  });

  it('answers 404 for a disabled lesson', async () => {
    const response = await injectCall(t.app, lessonExercises, {
      params: { lessonId: course.disabledLessonId },
      headers: learner.headers,
    });
    expect(response.statusCode).toBe(404);
  });

  it('serves the blitz exercises of a list of lessons', async () => {
    const lessonIds = course.topics.slice(0, 2).flatMap((topic) => topic.lessons.map((lesson) => lesson.id));
    const response = await injectCall(t.app, blitzExercisesOfLessons, {
      query: { lessonIds: lessonIds.map(String) },
      headers: learner.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.data.map((exercise) => [exercise.type, exercise.blitz])).toEqual([
      [2, true],
      [3, true],
      [8, true],
      [12, true],
      [12, true],
    ]);
    const bad = await injectCall(t.app, blitzExercisesOfLessons, {
      query: { lessonIds: 'abc' },
      headers: learner.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('previews one exercise only with secret access', async () => {
    const exercise = course.topics[0]!.lessons[1]!.exercises[2]!;
    const params = { exerciseId: exercise.id };
    const denied = await injectCall(t.app, previewExercise, { params, headers: learner.headers });
    expect(denied.statusCode).toBe(403);
    expect(errorCode(denied)).toBe('SECRET_ACCESS_REQUIRED');
    expect(
      (await injectCall(t.app, previewExercise, { params, query: { secret: 'wrong' } })).statusCode,
    ).toBe(403);
    const byQuery = await injectCall(t.app, previewExercise, { params, query: { secret: SECRET } });
    expect(byQuery.statusCode).toBe(200);
    expect(byQuery.data).toMatchObject({
      exercise: { id: exercise.id, type: 3 },
      lesson: { name: 'Hello' },
      place: {
        language: { id: course.languageId },
        coursePackage: { id: course.packageId, name: 'German' },
        program: { id: course.programId, languageCode: 'de' },
        topic: { id: course.topics[0]!.id, name: 'Greetings' },
      },
    });
    // The topic as the player shows it: its lessons (for the rules lesson's text), not the whole catalogue.
    expect(byQuery.data.place?.topic.lessons.map((lesson) => lesson.name)).toEqual([
      'Greetings: rules',
      'Hello',
      'Good morning',
      'Greetings: more words',
    ]);
    expect(byQuery.data.place?.program.topics).toHaveLength(5);
    const byHeader = await injectCall(t.app, previewExercise, {
      params,
      headers: { 'x-secret-access': SECRET },
    });
    expect(byHeader.statusCode).toBe(200);
  });

  it('previews an exercise of an unpublished lesson, without a place in the course', async () => {
    const [hidden] = await t.database.db
      .insert(exercises)
      .values({ lessonId: course.disabledLessonId, type: 3, order: 1, fields: exerciseSamples[3].fields })
      .returning();
    const response = await injectCall(t.app, previewExercise, {
      params: { exerciseId: hidden!.id },
      query: { secret: SECRET },
    });
    expect(response.statusCode).toBe(200);
    expect(response.data).toMatchObject({ lesson: { name: 'Hidden' }, place: null });
  });
});

describe('status tiers and config', () => {
  it('lists 15 tiers, lowest first, each knowing the next threshold', async () => {
    const response = await injectCall(t.app, statusTiers, {
      query: { languageId: String(course.languageId) },
    });
    const tiers = response.data;
    expect(tiers).toHaveLength(15);
    expect(tiers[0]).toMatchObject({ points: 0, nextPoints: 10 });
    expect(tiers[14]!.nextPoints).toBeNull();
  });

  it('seeds 15 tiers named in the spoken language for a language without tiers, once', async () => {
    const [russian] = await t.database.db
      .insert(languages)
      .values({ name: 'Русский', code: 'ru' })
      .returning();
    expect(await ensureStatusTiers(t.database.db)).toBe(1);
    expect(await ensureStatusTiers(t.database.db)).toBe(0);
    const tiers = (await injectCall(t.app, statusTiers, { query: { languageId: String(russian!.id) } })).data;
    expect(tiers.map((tier) => tier.name).slice(0, 2)).toEqual(['Новичок', 'Начинающий']);
    expect(tiers).toHaveLength(15);
  });

  it('reports 2 free lessons by default and the configured number otherwise', async () => {
    expect((await injectCall(t.app, configCall)).data).toMatchObject({
      freeLessons: 2,
    });
    await t.database.db.insert(config).values({ id: 1, freeLessons: 3 });
    expect((await injectCall(t.app, configCall)).data).toMatchObject({
      freeLessons: 3,
    });
  });

  it('has no store links until APP_STORE_URL and PLAY_STORE_URL are configured', async () => {
    expect((await injectCall(t.app, configCall)).data).toMatchObject({
      appStoreUrl: null,
      playStoreUrl: null,
    });
    const listed = await createTestApp({
      env: {
        APP_STORE_URL: 'https://apps.apple.com/app/parlo/id1234567890',
        PLAY_STORE_URL: 'https://play.google.com/store/apps/details?id=app.parlo',
      },
    });
    try {
      expect((await injectCall(listed.app, configCall)).data).toMatchObject({
        appStoreUrl: 'https://apps.apple.com/app/parlo/id1234567890',
        playStoreUrl: 'https://play.google.com/store/apps/details?id=app.parlo',
      });
    } finally {
      await listed.close();
    }
    expect(() => loadEnv({ APP_STORE_URL: 'not a link' })).toThrow(/APP_STORE_URL/);
  });
});
