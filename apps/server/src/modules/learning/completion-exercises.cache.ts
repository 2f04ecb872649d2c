import type { Exercise } from '@parlo/core/exercises/registry';
import type { Database } from '../../db/client.ts';
import { loadLessonExercises } from '../catalogue/catalogue.repository.ts';
import { contentEntries, type ContentRevisionReader } from '../catalogue/content-revision.ts';
import { itemKeysOf } from '../review/review.repository.ts';

/** A lesson's exercises as a completion checks them, and the item (word) each one trains. */
export interface LessonContent {
  exercises: readonly Exercise[];
  itemKeys: ReadonlyMap<number, string>;
}

/**
 * A lesson's exercises and item keys change only when content is imported, yet a completion read and
 * parsed them inside its transaction every time (issue 15). Each instance keeps them per lesson, read
 * before the transaction opens, checked against the content's revision after `ttlMs` and read again only
 * when it moved (ADR 047) — the catalogue's own bound (ADR 016), and the bound of the exercises the player
 * was served — and dropped at once when this instance's catalogue changes. Bounded: at most `maxLessons`
 * lessons, the least recently asked for go first.
 * Nothing about a learner is kept here.
 */
export function completionExercisesCache(
  db: Database,
  now: () => Date,
  revisions: ContentRevisionReader,
  { ttlMs = 30_000, maxLessons = 1_000 }: { ttlMs?: number; maxLessons?: number } = {},
) {
  const entries = contentEntries<LessonContent>(revisions, now, { ttlMs, maxEntries: maxLessons });
  let catalogueSeen: unknown = null;

  async function read(lessonId: number): Promise<LessonContent> {
    const exercises = await loadLessonExercises(db, lessonId);
    const itemKeys = await itemKeysOf(
      db,
      exercises.map((exercise) => exercise.id),
    );
    return { exercises, itemKeys };
  }

  return {
    /** `catalogue`: the catalogue this request works with; a new one (an import) empties the cache. */
    get(lessonId: number, catalogue: unknown): Promise<LessonContent> {
      if (catalogue !== catalogueSeen) {
        entries.clear();
        catalogueSeen = catalogue;
      }
      return entries.get(lessonId, () => read(lessonId));
    },
  };
}
