import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config, languages } from '../src/db/schema.ts';
import { ensureStatusTiers } from '../src/modules/catalogue/status-tiers.seed.ts';
import { seedTestCourse, type SeededCourse } from './factories/course.factory.ts';
import { loadEnv } from '../src/env.ts';
import { createTestApp, errorCode, registerLearner, type SignedIn, type TestApp } from './helper.ts';

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
    const response = await t.app.inject({ method: 'GET', url: '/api/languages' });
    expect(response.statusCode).toBe(200);
    const language = response.json().find((l: { id: number }) => l.id === course.languageId);
    expect(language.packages.map((p: { name: string; soon: boolean }) => [p.name, p.soon])).toEqual([
      ['German', false],
      ['Japanese', true],
    ]);
    const program = language.packages[0].programs[0];
    expect(program.topics.map((topic: { name: string }) => topic.name)).toEqual([
      'Greetings',
      'Family',
      'Blitz: the basics',
      'Food',
      'Travel',
    ]);
    const greetings = program.topics[0];
    expect(
      greetings.lessons.map((lesson: { name: string; type: number }) => [lesson.name, lesson.type]),
    ).toEqual([
      ['Greetings: rules', 1],
      ['Hello', 0],
      ['Good morning', 0],
      ['Greetings: more words', 2],
    ]);
    expect(JSON.stringify(response.json())).not.toContain('Hidden');
  });

  it('compresses the catalogue for clients that accept it', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/languages',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/languages' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/languages',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/languages',
      headers: { 'if-none-match': '"old"' },
    });
    expect(stale.statusCode).toBe(200);
  });
});

describe('exercises', () => {
  it("serves a lesson's enabled exercises in order, with the spec's per-type fields, to signed-in users", async () => {
    const hello = course.topics[0]!.lessons[1]!;
    const url = `/api/lessons/${hello.id}/exercises`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const response = await t.app.inject({ method: 'GET', url, headers: learner.headers });
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.map((exercise: { type: number }) => exercise.type)).toEqual([1, 2, 3, 4, 5]);
    expect(list[2]).toMatchObject({
      type: 3,
      type3_word: 'dog',
      type3_isCorrect: [false, true, false],
      lessonId: hello.id,
    });
    expect(list.every((exercise: { enabled: boolean }) => exercise.enabled)).toBe(true);
  });

  it('answers 404 for a disabled lesson', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/lessons/${course.disabledLessonId}/exercises`,
      headers: learner.headers,
    });
    expect(response.statusCode).toBe(404);
  });

  it('serves the blitz exercises of a list of lessons', async () => {
    const lessonIds = course.topics.slice(0, 2).flatMap((topic) => topic.lessons.map((lesson) => lesson.id));
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/exercises?lessonIds=${lessonIds.join(',')}`,
      headers: learner.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(
      response.json().map((exercise: { type: number; blitz: boolean }) => [exercise.type, exercise.blitz]),
    ).toEqual([
      [2, true],
      [3, true],
      [8, true],
      [12, true],
      [12, true],
    ]);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/exercises?lessonIds=abc',
      headers: learner.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('previews one exercise only with secret access', async () => {
    const exercise = course.topics[0]!.lessons[1]!.exercises[2]!;
    const url = `/api/exercises/${exercise.id}`;
    const denied = await t.app.inject({ method: 'GET', url, headers: learner.headers });
    expect(denied.statusCode).toBe(403);
    expect(errorCode(denied)).toBe('SECRET_ACCESS_REQUIRED');
    expect((await t.app.inject({ method: 'GET', url: `${url}?secret=wrong` })).statusCode).toBe(403);
    const byQuery = await t.app.inject({ method: 'GET', url: `${url}?secret=${SECRET}` });
    expect(byQuery.statusCode).toBe(200);
    expect(byQuery.json()).toMatchObject({
      exercise: { id: exercise.id, type: 3 },
      lesson: { name: 'Hello' },
    });
    const byHeader = await t.app.inject({ method: 'GET', url, headers: { 'x-secret-access': SECRET } });
    expect(byHeader.statusCode).toBe(200);
  });
});

describe('status tiers and config', () => {
  it('lists 15 tiers, lowest first, each knowing the next threshold', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/status?languageId=${course.languageId}`,
    });
    const tiers = response.json();
    expect(tiers).toHaveLength(15);
    expect(tiers[0]).toMatchObject({ points: 0, nextPoints: 10 });
    expect(tiers[14].nextPoints).toBeNull();
  });

  it('seeds 15 tiers named in the spoken language for a language without tiers, once', async () => {
    const [russian] = await t.database.db
      .insert(languages)
      .values({ name: 'Русский', code: 'ru' })
      .returning();
    expect(await ensureStatusTiers(t.database.db)).toBe(1);
    expect(await ensureStatusTiers(t.database.db)).toBe(0);
    const tiers = (
      await t.app.inject({ method: 'GET', url: `/api/status?languageId=${russian!.id}` })
    ).json();
    expect(tiers.map((tier: { name: string }) => tier.name).slice(0, 2)).toEqual(['Новичок', 'Начинающий']);
    expect(tiers).toHaveLength(15);
  });

  it('reports 2 free lessons by default and the configured number otherwise', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/get-config' })).json()).toMatchObject({
      freeLessons: 2,
    });
    await t.database.db.insert(config).values({ id: 1, freeLessons: 3 });
    expect((await t.app.inject({ method: 'GET', url: '/api/get-config' })).json()).toMatchObject({
      freeLessons: 3,
    });
  });

  it('has no store links until APP_STORE_URL and PLAY_STORE_URL are configured', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/get-config' })).json()).toMatchObject({
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
      expect((await listed.app.inject({ method: 'GET', url: '/api/get-config' })).json()).toMatchObject({
        appStoreUrl: 'https://apps.apple.com/app/parlo/id1234567890',
        playStoreUrl: 'https://play.google.com/store/apps/details?id=app.parlo',
      });
    } finally {
      await listed.close();
    }
    expect(() => loadEnv({ APP_STORE_URL: 'not a link' })).toThrow(/APP_STORE_URL/);
  });
});
