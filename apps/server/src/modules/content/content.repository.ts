import { and, eq, getTableColumns, isNotNull, notInArray, sql, type SQL } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import {
  contentPhrases,
  contentState,
  exercises,
  languages,
  lessons,
  packages,
  programs,
  topics,
} from '../../db/schema.ts';
import { ContentImportError } from './content-import-error.ts';

const STATE_KEY = 'catalogue';
/** Rows per INSERT: well below PostgreSQL's 65 535 parameters for the widest table. */
const BATCH = 500;

/** The tables whose rows an import matches by `source_key`. */
type KeyedTable = typeof packages | typeof programs | typeof topics | typeof lessons | typeof exercises;
type Keyed<Row> = Row & { sourceKey: string };

export type LanguageRow = typeof languages.$inferInsert;
export type PackageRow = Keyed<typeof packages.$inferInsert>;
export type ProgramRow = Keyed<typeof programs.$inferInsert>;
export type TopicRow = Keyed<typeof topics.$inferInsert>;
export type LessonRow = Keyed<typeof lessons.$inferInsert>;
export type ExerciseRow = Keyed<typeof exercises.$inferInsert>;
export type PhraseRow = typeof contentPhrases.$inferInsert;

/** Row ids by the key they were stored under: a language's code, any other row's `source_key`. */
export type IdsByKey = Map<string, number>;

/**
 * The writes of one import, all in its transaction. An upsert keeps the id of a row whose key exists
 * (learners' progress points at it), and fails the import when a row was not stored.
 */
export interface CatalogueStore {
  /** Switches off every row an earlier import made (rows created otherwise have no `source_key`). */
  disableImportedRows(): Promise<void>;
  upsertLanguages(rows: LanguageRow[]): Promise<IdsByKey>;
  /** Switches off the imported languages whose code is not in `codes`. */
  disableLanguagesNotIn(codes: string[]): Promise<void>;
  upsertPackages(rows: PackageRow[]): Promise<IdsByKey>;
  upsertPrograms(rows: ProgramRow[]): Promise<IdsByKey>;
  upsertTopics(rows: TopicRow[]): Promise<IdsByKey>;
  upsertLessons(rows: LessonRow[]): Promise<IdsByKey>;
  upsertExercises(rows: ExerciseRow[]): Promise<IdsByKey>;
  /** The content's phrases become exactly `rows`. */
  replacePhrases(rows: PhraseRow[]): Promise<void>;
  /** The hash of the catalogue imported, which the next import compares with. */
  recordHash(hash: string): Promise<void>;
}

/** The hash of the catalogue imported last; null before the first import. */
export async function importedHash(db: Database): Promise<string | null> {
  const [row] = await db.select().from(contentState).where(eq(contentState.key, STATE_KEY)).limit(1);
  return row?.hash ?? null;
}

/** Runs `work` in one transaction: when it throws, nothing it stored is kept. */
export function withImportTransaction<T>(
  db: Database,
  work: (store: CatalogueStore) => Promise<T>,
): Promise<T> {
  return db.transaction((tx) => work(catalogueStore(tx)));
}

function catalogueStore(db: Database): CatalogueStore {
  return {
    async disableImportedRows() {
      for (const table of [packages, programs, topics, lessons, exercises]) {
        await db.update(table).set({ enabled: false }).where(isNotNull(table.sourceKey));
      }
    },
    upsertLanguages(rows) {
      const set = excluded(languages, ['name', 'icon', 'order', 'enabled', 'sourceKey']);
      return inBatches(
        rows,
        (row) => row.code,
        (batch) =>
          db
            .insert(languages)
            .values(batch)
            .onConflictDoUpdate({ target: languages.code, set })
            .returning({ id: languages.id, key: languages.code }),
      );
    },
    async disableLanguagesNotIn(codes) {
      await db
        .update(languages)
        .set({ enabled: false })
        .where(
          and(
            isNotNull(languages.sourceKey),
            codes.length > 0 ? notInArray(languages.code, codes) : undefined,
          ),
        );
    },
    upsertPackages: (rows) =>
      upsertByKey(db, packages, rows, ['languageId', 'name', 'color', 'icon', 'soon', 'enabled', 'order']),
    upsertPrograms: (rows) =>
      upsertByKey(db, programs, rows, [
        'packageId',
        'name',
        'description',
        'languageCode',
        'order',
        'enabled',
      ]),
    upsertTopics: (rows) =>
      upsertByKey(db, topics, rows, [
        'programId',
        'name',
        'icon',
        'iconBw',
        'type',
        'basic',
        'html',
        'order',
        'enabled',
      ]),
    upsertLessons: (rows) =>
      upsertByKey(db, lessons, rows, ['topicId', 'name', 'description', 'type', 'order', 'html', 'enabled']),
    upsertExercises: (rows) =>
      upsertByKey(db, exercises, rows, [
        'lessonId',
        'type',
        'blitz',
        'enabled',
        'order',
        'fields',
        'itemKey',
        'itemText',
        'itemTranslation',
      ]),
    async replacePhrases(rows) {
      await db.delete(contentPhrases);
      for (let start = 0; start < rows.length; start += BATCH) {
        await db.insert(contentPhrases).values(rows.slice(start, start + BATCH));
      }
    },
    async recordHash(hash) {
      await db
        .insert(contentState)
        .values({ key: STATE_KEY, hash })
        .onConflictDoUpdate({ target: contentState.key, set: { hash, importedAt: sql`now()` } });
    },
  };
}

/** Inserts or updates rows by `source_key`, setting the `updated` columns of a row that exists. */
function upsertByKey<T extends KeyedTable>(
  db: Database,
  table: T,
  rows: Keyed<PgInsertValue<T>>[],
  updated: readonly (keyof T['$inferInsert'] & string)[],
): Promise<IdsByKey> {
  const set = excluded(table, updated);
  return inBatches(
    rows,
    (row) => row.sourceKey,
    (batch) =>
      db
        .insert(table)
        .values(batch)
        .onConflictDoUpdate({ target: table.sourceKey, set })
        .returning({ id: table.id, key: table.sourceKey }),
  );
}

/** Stores `rows` a batch at a time; answers each key's row id, and fails when a row got none. */
async function inBatches<Row>(
  rows: Row[],
  keyOf: (row: Row) => string,
  store: (batch: Row[]) => Promise<{ id: number; key: string | null }[]>,
): Promise<IdsByKey> {
  const ids: IdsByKey = new Map();
  for (let start = 0; start < rows.length; start += BATCH) {
    for (const row of await store(rows.slice(start, start + BATCH))) {
      // `source_key` is nullable in the schema, though no row stored here lacks one.
      if (row.key !== null) ids.set(row.key, row.id);
    }
  }
  for (const row of rows) {
    if (!ids.has(keyOf(row))) throw new ContentImportError(`row ${keyOf(row)} was not stored`);
  }
  return ids;
}

/** An upsert's SET: each of `properties` takes the value the conflicting insert brought. */
function excluded<T extends PgTable>(
  table: T,
  properties: readonly (keyof T['$inferInsert'] & string)[],
): Record<string, SQL> {
  const columns = getTableColumns(table);
  const set: Record<string, SQL> = {};
  for (const property of properties) {
    const column = columns[property];
    if (!column) throw new ContentImportError(`no column ${property}`);
    set[property] = sql.raw(`excluded."${column.name}"`);
  }
  return set;
}
