import fs from 'node:fs';
import path from 'node:path';
import { fieldsSchemaFor, isExerciseTypeNumber } from '@parlo/core/exercises/registry';
import { builtCatalogueSchema, CATALOGUE_FILE, type BuiltCatalogue } from '@parlo/content/built-catalogue';
import type { Database } from '../../db/client.ts';
import { ensureStatusTiers } from '../catalogue/status-tiers.seed.ts';
import { ContentImportError } from './content-import-error.ts';
import { importedHash, withImportTransaction } from './content.repository.ts';

export { ContentImportError };

export interface ImportResult {
  changed: boolean;
  hash: string;
  milliseconds: number;
  counts?: { packages: number; lessons: number; exercises: number; phrases: number };
}

/**
 * Loads `catalogue.json` from the content build into the database when its hash differs from the one
 * imported last. Returns null when there is no built catalogue (the server then serves what it has).
 */
export async function importCatalogueFile(db: Database, distDir: string): Promise<ImportResult | null> {
  const file = path.join(distDir, CATALOGUE_FILE);
  if (!fs.existsSync(file)) return null;
  // The build writes the hash last: an unchanged build is recognised without parsing ~14 MB of JSON at
  // every start (which grew the idle server's heap by ~80 MB; issue 15).
  const tailHash = builtHashAtEnd(file);
  if (tailHash !== null && (await importedHash(db)) === tailHash) {
    return { changed: false, hash: tailHash, milliseconds: 0 };
  }
  const json: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  // Unchanged content is recognised from the hash alone, before the whole file is validated.
  const hash = (json as { hash?: unknown }).hash;
  if (typeof hash === 'string' && (await importedHash(db)) === hash) {
    return { changed: false, hash, milliseconds: 0 };
  }
  const parsed = builtCatalogueSchema.safeParse(json);
  if (!parsed.success) {
    throw new ContentImportError(
      `${file} is not a built catalogue: ${parsed.error.issues[0]?.message ?? ''}`,
    );
  }
  return importCatalogue(db, parsed.data);
}

/** The `"hash"` the content build writes as the file's last key, or null when the end looks different. */
export function builtHashAtEnd(file: string): string | null {
  const handle = fs.openSync(file, 'r');
  try {
    const size = fs.fstatSync(handle).size;
    const tail = Buffer.alloc(Math.min(size, 256));
    fs.readSync(handle, tail, 0, tail.length, size - tail.length);
    return /,"hash":"([0-9a-f]{64})"\}\s*$/.exec(tail.toString('latin1'))?.[1] ?? null;
  } finally {
    fs.closeSync(handle);
  }
}

/**
 * Imports a built catalogue in one transaction: rows are matched by their `source_key`, so existing rows
 * keep their ids (learners' progress points at them) and new ones are appended. Rows of earlier imports
 * that are gone from the content are disabled, never deleted. Anything invalid aborts the whole import.
 */
export async function importCatalogue(db: Database, catalogue: BuiltCatalogue): Promise<ImportResult> {
  const started = performance.now();
  if ((await importedHash(db)) === catalogue.hash) {
    return { changed: false, hash: catalogue.hash, milliseconds: performance.now() - started };
  }
  const counts = { packages: 0, lessons: 0, exercises: 0, phrases: catalogue.phrases.length };

  await withImportTransaction(db, async (store) => {
    // Everything imported before is switched off first; what is still in the content is switched back on.
    await store.disableImportedRows();

    const languageIds = await store.upsertLanguages(
      catalogue.languages.map((language) => ({
        code: language.code,
        name: language.name,
        icon: language.icon,
        order: language.order,
        enabled: true,
        sourceKey: language.code,
      })),
    );
    await store.disableLanguagesNotIn(catalogue.languages.map((language) => language.code));

    const packageRows = catalogue.packages.map((pkg) => ({
      languageId: required(languageIds.get(pkg.spoken), `language ${pkg.spoken}`),
      name: pkg.name,
      color: pkg.color,
      icon: pkg.icon,
      soon: pkg.soon,
      enabled: true,
      order: pkg.order,
      sourceKey: pkg.key,
    }));
    const packageIds = await store.upsertPackages(packageRows);
    counts.packages = packageRows.length;

    const programRows = catalogue.packages.flatMap((pkg) =>
      pkg.programs.map((program) => ({
        packageId: required(packageIds.get(pkg.key), pkg.key),
        name: program.name,
        description: program.description,
        languageCode: program.languageCode,
        order: program.order,
        enabled: true,
        sourceKey: program.key,
      })),
    );
    const programIds = await store.upsertPrograms(programRows);

    const allPrograms = catalogue.packages.flatMap((pkg) => pkg.programs);
    const topicRows = allPrograms.flatMap((program) =>
      program.topics.map((topic) => ({
        programId: required(programIds.get(program.key), program.key),
        name: topic.name,
        icon: topic.icon,
        iconBw: topic.iconBw,
        type: topic.type,
        basic: topic.basic,
        html: topic.html,
        order: topic.order,
        enabled: true,
        sourceKey: topic.key,
      })),
    );
    const topicIds = await store.upsertTopics(topicRows);

    const allTopics = allPrograms.flatMap((program) => program.topics);
    const lessonRows = allTopics.flatMap((topic) =>
      topic.lessons.map((lesson) => ({
        topicId: required(topicIds.get(topic.key), topic.key),
        name: lesson.name,
        description: lesson.description,
        type: lesson.type,
        order: lesson.order,
        html: lesson.html,
        enabled: true,
        sourceKey: lesson.key,
      })),
    );
    const lessonIds = await store.upsertLessons(lessonRows);
    counts.lessons = lessonRows.length;

    // ADR 003: an exercise whose fields fail its type's schema is refused, and with it the whole import.
    const exerciseRows = allTopics
      .flatMap((topic) => topic.lessons)
      .flatMap((lesson) =>
        lesson.exercises.map((exercise) => {
          if (!isExerciseTypeNumber(exercise.type)) {
            throw new ContentImportError(`${exercise.key}: unknown exercise type ${exercise.type}`);
          }
          const fields = fieldsSchemaFor(exercise.type).safeParse(exercise.fields);
          if (!fields.success) {
            const issue = fields.error.issues[0];
            throw new ContentImportError(
              `${exercise.key}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`,
            );
          }
          return {
            lessonId: required(lessonIds.get(lesson.key), lesson.key),
            type: exercise.type,
            blitz: exercise.blitz,
            enabled: true,
            order: exercise.order,
            fields: fields.data,
            sourceKey: exercise.key,
            itemKey: exercise.itemKey ?? null,
            itemText: exercise.itemText ?? null,
            itemTranslation: exercise.itemTranslation ?? null,
          };
        }),
      );
    await store.upsertExercises(exerciseRows);
    counts.exercises = exerciseRows.length;

    await store.replacePhrases(catalogue.phrases);
    await store.recordHash(catalogue.hash);
  });

  // New spoken languages get their 15 status tiers.
  await ensureStatusTiers(db);
  return { changed: true, hash: catalogue.hash, milliseconds: performance.now() - started, counts };
}

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new ContentImportError(`no row for ${what}`);
  return value;
}
