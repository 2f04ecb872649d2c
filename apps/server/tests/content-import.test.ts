import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BuiltCatalogue } from '@parlo/content/built-catalogue';
import { asc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languages as languagesCall, lessonExercises } from '@parlo/contract/catalogue';
import type { Database } from '../src/db/client.ts';
import { contentPhrases, exercises, languages, lessons, packages, statuses } from '../src/db/schema.ts';
import { importCatalogue, importCatalogueFile } from '../src/modules/content/content-import.service.ts';
import { importedHash } from '../src/modules/content/content.repository.ts';
import { buildFixtureContent, copyFixtureCourses, fixtureCoursesDir } from './content-fixture.ts';
import { createTestApp, registerLearner, type TestApp } from './helper.ts';
import { injectCall } from './support/inject-call.ts';

let testApp: TestApp;
let db: Database;
let distDir: string;
let catalogue: BuiltCatalogue;
const scratch: string[] = [];

beforeAll(async () => {
  testApp = await createTestApp();
  db = testApp.database.db;
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlo-dist-'));
  scratch.push(distDir);
  catalogue = await buildFixtureContent(fixtureCoursesDir, distDir);
});

afterAll(async () => {
  await testApp.close();
  for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
});

/** Every imported row's key and id, per table. */
async function keyedIds() {
  const read = async (table: typeof packages | typeof lessons | typeof exercises) => {
    const rows = await db
      .select({ key: table.sourceKey, id: table.id })
      .from(table)
      .where(isNotNull(table.sourceKey));
    return Object.fromEntries(rows.map((row) => [row.key ?? '', row.id])) as Record<string, number>;
  };
  return { packages: await read(packages), lessons: await read(lessons), exercises: await read(exercises) };
}

function rebuildWith(edit: (programYaml: string) => string): Promise<BuiltCatalogue> {
  const courses = copyFixtureCourses();
  scratch.push(courses);
  const file = path.join(courses, 'de', 'programs', 'a1-tiny.yaml');
  fs.writeFileSync(file, edit(fs.readFileSync(file, 'utf8')));
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'parlo-dist-'));
  scratch.push(out);
  return buildFixtureContent(courses, out);
}

const appendedLesson = `      - id: more-drinks
        name: { en: More drinks, ar: مشروبات أخرى, es: Más bebidas, fr: Autres boissons, it: Altre bevande, pt: Mais bebidas, ru: Ещё напитки, zh: 更多饮料, tr: Başka içecekler }
        exercises:
          - choose-translation: milch
          - listen-and-choose: tee
`;

describe('content import', () => {
  it('imports the built catalogue from its file, then skips it while the hash is unchanged', async () => {
    const first = await importCatalogueFile(db, distDir);
    expect(first).toMatchObject({ changed: true, hash: catalogue.hash });
    expect(first?.counts).toMatchObject({ packages: 19 });
    expect(await importedHash(db)).toBe(catalogue.hash);
    const before = await keyedIds();

    const second = await importCatalogueFile(db, distDir);
    expect(second).toMatchObject({ changed: false });
    expect(await importCatalogue(db, catalogue)).toMatchObject({ changed: false });
    expect(await keyedIds()).toEqual(before);
  });

  it('gives every new spoken language its 15 status tiers', async () => {
    const [english] = await db.select().from(languages).where(eq(languages.code, 'en'));
    expect(english).toMatchObject({ name: 'English', enabled: true });
    const tiers = await db
      .select()
      .from(statuses)
      .where(eq(statuses.languageId, english?.id ?? -1));
    expect(tiers).toHaveLength(15);
  });

  it('shows languages → courses → programs → topics → lessons in the API, Japanese as soon', async () => {
    const response = await injectCall(testApp.app, languagesCall);
    expect(response.statusCode).toBe(200);
    const body = response.data;
    expect(body.map((language) => language.code)).toEqual([
      'en',
      'ar',
      'de',
      'es',
      'fr',
      'it',
      'pt',
      'ru',
      'zh',
      'tr',
    ]);
    const english = body.find((language) => language.code === 'en');
    expect(english?.packages.map((pkg) => [pkg.name, pkg.soon])).toEqual([
      ['German', false],
      ['Japanese', true],
    ]);
    const topics = english?.packages[0]?.programs[0]?.topics ?? [];
    expect(topics.map((topic) => topic.type)).toEqual([0, 0, 2]);
    expect(topics[0]?.lessons.map((lesson) => lesson.type)).toEqual([1, 0, 2]);
    // Germans are not offered German.
    expect(body.find((language) => language.code === 'de')?.packages.map((pkg) => pkg.name)).toEqual([
      'Japanisch',
    ]);

    const learner = await registerLearner(testApp.app);
    const lessonId = topics[1]?.lessons[1]?.id;
    expect(lessonId).toBeDefined();
    const exercisesResponse = await injectCall(testApp.app, lessonExercises, {
      params: { lessonId: lessonId! },
      headers: learner.headers,
    });
    expect(exercisesResponse.statusCode).toBe(200);
    const served = exercisesResponse.data;
    expect(served.map((exercise) => exercise.type)).toEqual([4, 3, 5, 6, 9, 8, 10, 12]);
    expect(served[0]).toMatchObject({ type4_word: 'der Tee', blitz: true });
    expect(served[4]).toMatchObject({
      type9_in_correct_order: 'Ich trinke Kaffee.',
      type9_sentence: 'I drink coffee.',
    });
  });

  it('keeps the ids of existing rows when a lesson is appended, and disables removed ones', async () => {
    const before = await keyedIds();
    const changed = await rebuildWith((yaml) =>
      yaml
        .replace('      - id: drinks-review\n', `${appendedLesson}      - id: drinks-review\n`)
        .replace('          - write-what-you-hear: hallo\n', ''),
    );
    const result = await importCatalogue(db, changed);
    expect(result.changed).toBe(true);
    const after = await keyedIds();
    for (const table of ['packages', 'lessons', 'exercises'] as const) {
      for (const [key, id] of Object.entries(before[table])) expect(after[table][key], key).toBe(id);
    }
    expect(after.lessons['en:de:lesson:more-drinks']).toBeGreaterThan(
      Math.max(...Object.values(before.lessons)),
    );
    const [removed] = await db
      .select({ enabled: exercises.enabled })
      .from(exercises)
      .where(eq(exercises.sourceKey, 'en:de:exercise:hello/write-what-you-hear:hallo'));
    expect(removed).toEqual({ enabled: false });
    const [drinksReview] = await db
      .select({ order: lessons.order, enabled: lessons.enabled })
      .from(lessons)
      .where(eq(lessons.sourceKey, 'en:de:lesson:drinks-review'));
    expect(drinksReview).toEqual({ order: 3, enabled: true });
  });

  it('leaves the database untouched when an import fails', async () => {
    const hashBefore = await importedHash(db);
    const lessonsBefore = await db.select().from(lessons).orderBy(asc(lessons.id));
    const phrasesBefore = await db.select().from(contentPhrases);
    const renamed = await rebuildWith((yaml) => yaml.replace('en: Coffee or tea?,', 'en: Tea or coffee?,'));
    expect(JSON.stringify(renamed)).toContain('Tea or coffee?');
    // Corrupt the very last exercise, so everything before it has been written when the import fails.
    const lastPackage = renamed.packages.filter((pkg) => pkg.programs.length > 0).at(-1);
    const lastLesson = lastPackage?.programs
      .at(-1)
      ?.topics.flatMap((topic) => topic.lessons)
      .at(-1);
    const lastExercise = lastLesson?.exercises.at(-1);
    if (!lastExercise) throw new Error('fixture has no exercise');
    lastExercise.fields = { ...lastExercise.fields, type2_translation: '' };
    const broken = { ...renamed, phrases: [], hash: `${renamed.hash}-broken` };

    await expect(importCatalogue(db, broken)).rejects.toThrow(/type2_translation/);
    expect(await importedHash(db)).toBe(hashBefore);
    expect(await db.select().from(lessons).orderBy(asc(lessons.id))).toEqual(lessonsBefore);
    expect(await db.select().from(contentPhrases)).toHaveLength(phrasesBefore.length);
  });
});
