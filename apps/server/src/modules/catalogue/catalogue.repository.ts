import { and, asc, eq, inArray } from 'drizzle-orm';
import { exerciseSchema } from '@parlo/core/exercises/registry';
import type { Database } from '../../db/client.ts';
import {
  config,
  contentRevision,
  exercises,
  languages,
  lessons,
  packages,
  programs,
  statuses,
  topics,
} from '../../db/schema.ts';
import type { Catalogue } from '@parlo/contract/catalogue';

/** Default when the operator has not configured the allowance (SPEC §4). */
export const DEFAULT_FREE_LESSONS = 2;

type ExerciseRow = typeof exercises.$inferSelect;

/** The content's revision (migration 0014's trigger moves it on with every write to a catalogue table). */
export async function readContentRevision(db: Database): Promise<number> {
  const [row] = await db.select({ revision: contentRevision.revision }).from(contentRevision).limit(1);
  // The migration inserts the row; were it ever missing, every check would see a change and rebuild.
  return row?.revision ?? Number.NaN;
}

/**
 * The whole enabled catalogue as SPEC §7 GET languages shows it: languages → packages → programs → topics →
 * lessons, each enabled and ordered. Five flat queries assembled in memory, not one query per level.
 */
export async function loadCatalogue(db: Database): Promise<Catalogue> {
  const [languageRows, packageRows, programRows, topicRows, lessonRows] = await Promise.all([
    db
      .select()
      .from(languages)
      .where(eq(languages.enabled, true))
      .orderBy(asc(languages.order), asc(languages.id)),
    db
      .select()
      .from(packages)
      .where(eq(packages.enabled, true))
      .orderBy(asc(packages.order), asc(packages.id)),
    db
      .select()
      .from(programs)
      .where(eq(programs.enabled, true))
      .orderBy(asc(programs.order), asc(programs.id)),
    db.select().from(topics).where(eq(topics.enabled, true)).orderBy(asc(topics.order), asc(topics.id)),
    db.select().from(lessons).where(eq(lessons.enabled, true)).orderBy(asc(lessons.order), asc(lessons.id)),
  ]);
  const lessonsByTopic = groupBy(lessonRows, (lesson) => lesson.topicId);
  const topicsByProgram = groupBy(topicRows, (topic) => topic.programId);
  const programsByPackage = groupBy(programRows, (program) => program.packageId);
  const packagesByLanguage = groupBy(packageRows, (pkg) => pkg.languageId);

  return languageRows.map((language) => ({
    ...language,
    packages: (packagesByLanguage.get(language.id) ?? []).map((pkg) => ({
      ...pkg,
      programs: (programsByPackage.get(pkg.id) ?? []).map((program) => ({
        id: program.id,
        name: program.name,
        description: program.description,
        languageCode: program.languageCode,
        packageId: program.packageId,
        order: program.order,
        topics: (topicsByProgram.get(program.id) ?? []).map((topic) => ({
          id: topic.id,
          name: topic.name,
          icon: topic.icon,
          iconBw: topic.iconBw,
          programId: topic.programId,
          type: topic.type === 2 ? (2 as const) : (0 as const),
          basic: topic.basic,
          html: topic.html,
          order: topic.order,
          lessons: (lessonsByTopic.get(topic.id) ?? []).map(toLesson),
        })),
      })),
    })),
  }));
}

export function toLesson(lesson: typeof lessons.$inferSelect) {
  return {
    id: lesson.id,
    name: lesson.name,
    description: lesson.description,
    topicId: lesson.topicId,
    type: lesson.type === 1 ? (1 as const) : lesson.type === 2 ? (2 as const) : (0 as const),
    order: lesson.order,
    html: lesson.html,
  };
}

/**
 * An exercise as the API and the answer checks see it: common columns plus its per-type fields, parsed
 * with its type's core schema (ADR 003), so a malformed row fails loudly instead of reaching a learner.
 */
export function toExercise(row: ExerciseRow) {
  return exerciseSchema.parse({
    ...row.fields,
    id: row.id,
    type: row.type,
    lessonId: row.lessonId,
    blitz: row.blitz,
    enabled: row.enabled,
    order: row.order,
  });
}

export async function loadLessonExercises(db: Database, lessonId: number) {
  const rows = await db
    .select()
    .from(exercises)
    .where(and(eq(exercises.lessonId, lessonId), eq(exercises.enabled, true)))
    .orderBy(asc(exercises.order), asc(exercises.id));
  return rows.map(toExercise);
}

/** SPEC §7 GET exercises: the blitz exercises of the given lessons. */
export async function loadBlitzExercises(db: Database, lessonIds: number[]) {
  if (lessonIds.length === 0) return [];
  const rows = await db
    .select()
    .from(exercises)
    .where(
      and(inArray(exercises.lessonId, lessonIds), eq(exercises.blitz, true), eq(exercises.enabled, true)),
    )
    .orderBy(asc(exercises.lessonId), asc(exercises.order), asc(exercises.id));
  return rows.map(toExercise);
}

export async function loadExerciseWithLesson(db: Database, exerciseId: number) {
  const [row] = await db
    .select({ exercise: exercises, lesson: lessons })
    .from(exercises)
    .innerJoin(lessons, eq(lessons.id, exercises.lessonId))
    .where(eq(exercises.id, exerciseId))
    .limit(1);
  return row ? { exercise: toExercise(row.exercise), lesson: toLesson(row.lesson) } : null;
}

export async function findLesson(db: Database, lessonId: number) {
  const [row] = await db
    .select()
    .from(lessons)
    .where(and(eq(lessons.id, lessonId), eq(lessons.enabled, true)))
    .limit(1);
  return row ? toLesson(row) : null;
}

/** Status tiers of one spoken language, lowest first, each with the next tier's threshold. */
export async function loadStatusTiers(db: Database, languageId: number) {
  const rows = await db
    .select()
    .from(statuses)
    .where(and(eq(statuses.enabled, true), eq(statuses.languageId, languageId)))
    .orderBy(asc(statuses.points), asc(statuses.id));
  return rows.map((row, index) => ({ ...row, nextPoints: rows[index + 1]?.points ?? null }));
}

export async function loadFreeLessonAllowance(db: Database): Promise<number> {
  const [row] = await db
    .select({ freeLessons: config.freeLessons })
    .from(config)
    .where(eq(config.id, 1))
    .limit(1);
  return row?.freeLessons ?? DEFAULT_FREE_LESSONS;
}

function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}
