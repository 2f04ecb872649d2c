import { exerciseListSchema } from '@parlo/contract/catalogue';
import type { Database } from '../../db/client.ts';
import { prebuildJson, type PrebuiltJson } from '../../lib/prebuilt-json.ts';
import { findLesson, loadLessonExercises } from './catalogue.repository.ts';

/**
 * A lesson's exercises change only when content is imported, so each instance answers them from bytes built
 * once per lesson (validated by the call's contract, gzip and brotli ready) instead of querying and
 * serialising per request. Bounded: at most `maxLessons` lessons, the least recently built go first; each
 * entry is checked against the database again after `ttlMs`, the same bound as the catalogue's.
 * `null` means the lesson is unknown or disabled (404).
 */
export function lessonExercisesCache(
  db: Database,
  now: () => Date,
  { ttlMs = 30_000, maxLessons = 2_000 }: { ttlMs?: number; maxLessons?: number } = {},
) {
  const entries = new Map<number, { bytes: Promise<PrebuiltJson | null>; builtAt: number }>();

  async function build(lessonId: number): Promise<PrebuiltJson | null> {
    const lesson = await findLesson(db, lessonId);
    if (!lesson) return null;
    const list = exerciseListSchema.parse(await loadLessonExercises(db, lesson.id));
    return prebuildJson(JSON.stringify(list));
  }

  return {
    get(lessonId: number): Promise<PrebuiltJson | null> {
      const entry = entries.get(lessonId);
      if (entry && now().getTime() - entry.builtAt < ttlMs) return entry.bytes;
      entries.delete(lessonId);
      if (entries.size >= maxLessons) entries.delete(entries.keys().next().value as number);
      const bytes = build(lessonId);
      entries.set(lessonId, { bytes, builtAt: now().getTime() });
      // A failed build (database away) is not kept: the next request tries again.
      bytes.catch(() => {
        if (entries.get(lessonId)?.bytes === bytes) entries.delete(lessonId);
      });
      return bytes;
    },
    invalidate() {
      entries.clear();
    },
  };
}
