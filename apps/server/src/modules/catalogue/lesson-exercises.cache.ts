import {
  exerciseListSchema,
  playableLessonSchema,
  type Catalogue,
  type LessonPlace,
} from '@parlo/contract/catalogue';
import type { Database } from '../../db/client.ts';
import { prebuildJson, type PrebuiltJson } from '../../lib/prebuilt-json.ts';
import { findLesson, loadLessonExercises } from './catalogue.repository.ts';
import { contentEntries, type ContentRevisionReader } from './content-revision.ts';

/** The lesson's place in the catalogue: the names around it and its topic (ADR 027); none when unpublished. */
export function lessonPlaceOf(catalogue: Catalogue, lessonId: number): LessonPlace | undefined {
  for (const language of catalogue) {
    for (const coursePackage of language.packages) {
      for (const program of coursePackage.programs) {
        const topic = program.topics.find((item) => item.lessons.some((lesson) => lesson.id === lessonId));
        if (!topic) continue;
        return {
          language: { id: language.id, name: language.name },
          coursePackage: { id: coursePackage.id, name: coursePackage.name },
          program: {
            id: program.id,
            name: program.name,
            languageCode: program.languageCode,
            topics: program.topics.map(({ id, name }) => ({ id, name })),
          },
          topic,
        };
      }
    }
  }
  return undefined;
}

/**
 * A lesson's exercises change only when content is imported, so each instance answers them from bytes built
 * once per lesson (validated by the call's contract, gzip and brotli ready) instead of querying and
 * serialising per request. Bounded: at most `maxLessons` lessons per kind of answer, the least recently
 * asked for go first; after `ttlMs`, the catalogue's bound, each entry is checked against the content's
 * revision and built again only when it moved (ADR 047). `null` means the lesson is unknown or disabled
 * (404).
 *
 * Two answers per lesson: `get` (GET /api/lessons/{id}/exercises, the exercises alone, SPEC §7) and
 * `playable` (GET /api/lessons/{id}, the exercises with the lesson's topic and names, what the player
 * reads: ADR 027).
 */
export function lessonExercisesCache(
  db: Database,
  now: () => Date,
  revisions: ContentRevisionReader,
  { ttlMs = 30_000, maxLessons = 2_000 }: { ttlMs?: number; maxLessons?: number } = {},
) {
  const boundedEntries = () =>
    contentEntries<PrebuiltJson | null>(revisions, now, { ttlMs, maxEntries: maxLessons });

  async function exercisesOf(lessonId: number) {
    const lesson = await findLesson(db, lessonId);
    if (!lesson) return null;
    return exerciseListSchema.parse(await loadLessonExercises(db, lesson.id));
  }

  const exercises = boundedEntries();
  const playable = boundedEntries();

  return {
    get(lessonId: number): Promise<PrebuiltJson | null> {
      return exercises.get(lessonId, async () => {
        const list = await exercisesOf(lessonId);
        return list ? prebuildJson(JSON.stringify(list)) : null;
      });
    },
    /** The lesson with its place in the catalogue (the catalogue cache's validated copy). */
    playable(lessonId: number, catalogue: () => Promise<Catalogue>): Promise<PrebuiltJson | null> {
      return playable.get(lessonId, async () => {
        const [list, loaded] = await Promise.all([exercisesOf(lessonId), catalogue()]);
        const place = list ? lessonPlaceOf(loaded, lessonId) : undefined;
        if (!list || !place) return null;
        return prebuildJson(JSON.stringify(playableLessonSchema.parse({ ...place, exercises: list })));
      });
    },
    invalidate() {
      exercises.clear();
      playable.clear();
    },
  };
}
