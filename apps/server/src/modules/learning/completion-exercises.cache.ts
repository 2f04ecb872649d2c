import type { Exercise } from '@parlo/core/exercises/registry';
import type { Database } from '../../db/client.ts';
import { loadLessonExercises } from '../catalogue/catalogue.repository.ts';
import { itemKeysOf } from '../review/review.repository.ts';

/** A lesson's exercises as a completion checks them, and the item (word) each one trains. */
export interface LessonContent {
  exercises: readonly Exercise[];
  itemKeys: ReadonlyMap<number, string>;
}

/**
 * A lesson's exercises and item keys change only when content is imported, yet a completion read and
 * parsed them inside its transaction every time (issue 15). Each instance keeps them per lesson, read
 * before the transaction opens, checked against the database again after `ttlMs` — the catalogue's own
 * bound (ADR 016), and the bound of the exercises the player was served — and dropped at once when this
 * instance's catalogue changes. Bounded: at most `maxLessons` lessons, the least recently read go first.
 * Nothing about a learner is kept here.
 */
export function completionExercisesCache(
  db: Database,
  now: () => Date,
  { ttlMs = 30_000, maxLessons = 1_000 }: { ttlMs?: number; maxLessons?: number } = {},
) {
  const entries = new Map<number, { content: Promise<LessonContent>; readAt: number }>();
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
      const entry = entries.get(lessonId);
      const at = now().getTime();
      if (entry && at - entry.readAt < ttlMs) {
        // Most recently read last, so the oldest is first to go.
        entries.delete(lessonId);
        entries.set(lessonId, entry);
        return entry.content;
      }
      entries.delete(lessonId);
      if (entries.size >= maxLessons) entries.delete(entries.keys().next().value as number);
      const content = read(lessonId);
      entries.set(lessonId, { content, readAt: at });
      // A failed read (database away) is not kept: the next completion tries again.
      content.catch(() => {
        if (entries.get(lessonId)?.content === content) entries.delete(lessonId);
      });
      return content;
    },
  };
}
