import type { ItemMemory } from '@parlo/core/review/memory';
import {
  and,
  asc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  like,
  notInArray,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  insertRowsFromJson,
  namedStatement,
  queryText,
  type Call,
  rowOf,
  rowsAsJson,
  selectedAs,
} from '../../lib/named-statement.ts';
import {
  answerHistory,
  exercises,
  itemMemory,
  lessons,
  practiceCompletions,
  programs,
  settings,
  topics,
} from '../../db/schema.ts';
import { toExercise } from '../catalogue/catalogue.repository.ts';

type MemoryRow = typeof itemMemory.$inferSelect;
export type HistoryRow = typeof answerHistory.$inferInsert;

export function toMemory(row: MemoryRow): ItemMemory {
  return {
    due: row.due.getTime(),
    stability: row.stability,
    difficulty: row.difficulty,
    scheduledDays: row.scheduledDays,
    learningSteps: row.learningSteps,
    reps: row.reps,
    lapses: row.lapses,
    state: row.state as ItemMemory['state'],
    lastReview: row.lastReview ? row.lastReview.getTime() : null,
  };
}

/** The item key of each exercise that has one. */
export async function itemKeysOf(db: Database, exerciseIds: readonly number[]): Promise<Map<number, string>> {
  if (exerciseIds.length === 0) return new Map();
  const rows = await db
    .select({ id: exercises.id, itemKey: exercises.itemKey })
    .from(exercises)
    .where(and(inArray(exercises.id, [...exerciseIds]), isNotNull(exercises.itemKey)));
  return new Map(rows.flatMap((row) => (row.itemKey ? [[row.id, row.itemKey] as const] : [])));
}

/** Inserts the rows not already stored (a replay finds them all taken) and answers the new ones. */
export async function insertHistory(db: Database, rows: HistoryRow[]) {
  if (rows.length === 0) return [];
  return db.insert(answerHistory).values(rows).onConflictDoNothing().returning();
}

const memoryColumns = getTableColumns(itemMemory);
/** A completion's memories of its items, named (lib/named-statement.ts); the keys as one JSON array. */
const readItemMemories = namedStatement(
  'item_memories',
  queryText
    .select(selectedAs('', memoryColumns))
    .from(itemMemory)
    .where(
      and(
        eq(itemMemory.userId, sql.placeholder('userId')),
        inArray(
          itemMemory.itemKey,
          sql`(select json_array_elements_text(${sql.placeholder('itemKeys')}::json))`,
        ),
      ),
    )
    .getSQL(),
);

/** The read of `userId`'s memories of `itemKeys` (a completion's), for `RunNamed.all`; `memoriesOf` its rows. */
export function memoriesRead(userId: string, itemKeys: readonly string[]): Call<Record<string, unknown>> {
  return [readItemMemories, { userId, itemKeys: JSON.stringify(itemKeys) }];
}

export function memoriesOf(rows: ReadonlyArray<Record<string, unknown>>): Map<string, ItemMemory> {
  return new Map(
    rows.flatMap((found) => {
      const row = rowOf('', memoryColumns, found);
      return row ? [[row.itemKey, toMemory(row)] as const] : [];
    }),
  );
}

export async function loadMemories(
  db: Database,
  userId: string,
  filter: { itemKeys: readonly string[] } | { course: string },
): Promise<Map<string, ItemMemory>> {
  if ('itemKeys' in filter) {
    if (filter.itemKeys.length === 0) return new Map();
    return memoriesOf(await readItemMemories(db, memoriesRead(userId, filter.itemKeys)[1]));
  }
  const rows = await db
    .select()
    .from(itemMemory)
    .where(and(eq(itemMemory.userId, userId), like(itemMemory.itemKey, `${filter.course}:%`)));
  return new Map(rows.map((row) => [row.itemKey, toMemory(row)]));
}

const { id: _historyId, ...historyColumns } = getTableColumns(answerHistory);
/** A sitting's history rows from the JSON parameter `rows`, those already stored (a replay's) left alone. */
export const historyInsert = (rows = 'rows') =>
  insertRowsFromJson(answerHistory, historyColumns, { rows, onConflict: 'nothing' });
export const historyJson = (rows: readonly HistoryRow[]) => rowsAsJson(historyColumns, rows);

const { userId: _memoryUser, itemKey: _memoryKey, ...memoryFields } = memoryColumns;
/** A sitting's memories from the JSON parameter `rows`, each item's replacing the one stored. */
export const memoriesUpsert = (rows = 'rows') =>
  insertRowsFromJson(itemMemory, memoryColumns, {
    rows,
    onConflict: { target: [itemMemory.userId, itemMemory.itemKey], update: memoryFields },
  });
/** Every item of a sitting in one statement (issue 15: it was one per item). */
const writeMemories = namedStatement('item_memory_save', memoriesUpsert());

export async function saveMemories(
  db: Database,
  userId: string,
  memories: ReadonlyMap<string, ItemMemory>,
  now: Date,
): Promise<void> {
  if (memories.size === 0) return;
  await writeMemories(db, { rows: memoriesJson(userId, memories, now) });
}

/** The `rows` of `memoriesUpsert`. */
export function memoriesJson(userId: string, memories: ReadonlyMap<string, ItemMemory>, now: Date) {
  const rows = [...memories].map(([itemKey, memory]) => ({
    userId,
    itemKey,
    due: new Date(memory.due),
    stability: memory.stability,
    difficulty: memory.difficulty,
    scheduledDays: memory.scheduledDays,
    learningSteps: memory.learningSteps,
    reps: memory.reps,
    lapses: memory.lapses,
    state: memory.state,
    lastReview: memory.lastReview === null ? null : new Date(memory.lastReview),
    updatedAt: now,
  }));
  return rowsAsJson(memoryColumns, rows);
}

/** Forgets every word a learner learned (reset progress): the learned-word count starts again at zero. */
export async function forgetMemories(db: Database, userId: string): Promise<void> {
  await db.delete(itemMemory).where(eq(itemMemory.userId, userId));
}

/** The course (target language code) a program teaches: item keys start with it. */
export async function courseOfProgram(db: Database, programId: number): Promise<string | null> {
  const [row] = await db
    .select({ code: programs.languageCode })
    .from(programs)
    .where(eq(programs.id, programId))
    .limit(1);
  return row?.code ?? null;
}

/** Enabled exercises of a program that meet the conditions, with their item keys, in a stable order. */
async function programExercises(db: Database, programId: number, ...conditions: Array<SQL | undefined>) {
  const rows = await db
    .select({ exercise: exercises })
    .from(exercises)
    .innerJoin(lessons, eq(lessons.id, exercises.lessonId))
    .innerJoin(topics, eq(topics.id, lessons.topicId))
    .where(and(eq(topics.programId, programId), eq(exercises.enabled, true), ...conditions))
    .orderBy(asc(exercises.id));
  return rows.map(({ exercise }) => ({ itemKey: exercise.itemKey, exercise: toExercise(exercise) }));
}

/** The enabled exercises of a program that practise the given items, leaving out some types. */
export async function exercisesForItems(
  db: Database,
  programId: number,
  itemKeys: readonly string[],
  leaveOut: readonly number[],
) {
  if (itemKeys.length === 0) return [];
  const found = await programExercises(
    db,
    programId,
    eq(lessons.enabled, true),
    inArray(exercises.itemKey, [...itemKeys]),
    leaveOut.length > 0 ? notInArray(exercises.type, [...leaveOut]) : undefined,
  );
  return found.map(({ itemKey, exercise }) => ({ itemKey: itemKey ?? '', exercise }));
}

/** Given exercises with their item keys, when they belong to the program (practice answers name them). */
export async function programExercisesByIds(db: Database, programId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return programExercises(db, programId, inArray(exercises.id, [...ids]));
}

/** Each item's text in the course language and in the speaker's, from the program's exercises. */
export async function itemTexts(db: Database, programId: number, itemKeys: readonly string[]) {
  if (itemKeys.length === 0) return new Map<string, { text: string; translation: string | null }>();
  const rows = await db
    .selectDistinctOn([exercises.itemKey], {
      itemKey: exercises.itemKey,
      text: exercises.itemText,
      translation: exercises.itemTranslation,
    })
    .from(exercises)
    .innerJoin(lessons, eq(lessons.id, exercises.lessonId))
    .innerJoin(topics, eq(topics.id, lessons.topicId))
    .where(and(eq(topics.programId, programId), inArray(exercises.itemKey, [...itemKeys])))
    .orderBy(exercises.itemKey, asc(exercises.id));
  return new Map(
    rows.map((row) => [
      row.itemKey ?? '',
      { text: row.text ?? row.itemKey ?? '', translation: row.translation },
    ]),
  );
}

export async function microphoneOn(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ microphone: settings.microphone })
    .from(settings)
    .where(eq(settings.userId, userId))
    .limit(1);
  return row?.microphone ?? true;
}

export async function findPracticeCompletion(db: Database, userId: string, idempotencyKey: string) {
  const [row] = await db
    .select({ outcome: practiceCompletions.outcome })
    .from(practiceCompletions)
    .where(
      and(eq(practiceCompletions.userId, userId), eq(practiceCompletions.idempotencyKey, idempotencyKey)),
    )
    .limit(1);
  return row?.outcome ?? null;
}

export async function savePracticeCompletion(
  db: Database,
  userId: string,
  idempotencyKey: string,
  outcome: Record<string, unknown>,
) {
  await db.insert(practiceCompletions).values({ userId, idempotencyKey, outcome });
}
