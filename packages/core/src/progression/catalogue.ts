import { z } from 'zod';

/**
 * The part of the catalogue (SPEC §3) that the course flow needs: a program's topics and lessons, already
 * filtered to enabled ones as GET languages serves them. Ids are the database's integer ids.
 */

/** SPEC §3 Topic.type: 0 normal, 2 blitz group (a blitz over the normal topics since the previous one). */
export const TOPIC_NORMAL = 0;
export const TOPIC_BLITZ = 2;
/** SPEC §3 Lesson.type: 0 regular lesson, 1 rules, 2 word review ('more words'). */
export const LESSON_REGULAR = 0;
export const LESSON_RULES = 1;
export const LESSON_WORD_REVIEW = 2;

export const catalogueLessonSchema = z.object({
  id: z.number().int(),
  type: z.union([z.literal(LESSON_REGULAR), z.literal(LESSON_RULES), z.literal(LESSON_WORD_REVIEW)]),
  order: z.number(),
});
export const catalogueTopicSchema = z.object({
  id: z.number().int(),
  type: z.union([z.literal(TOPIC_NORMAL), z.literal(TOPIC_BLITZ)]),
  basic: z.boolean(),
  order: z.number(),
  lessons: z.array(catalogueLessonSchema),
});
export const catalogueProgramSchema = z.object({
  id: z.number().int(),
  topics: z.array(catalogueTopicSchema),
});

export type CatalogueLesson = z.output<typeof catalogueLessonSchema>;
export type CatalogueTopic = z.output<typeof catalogueTopicSchema>;
export type CatalogueProgram = z.output<typeof catalogueProgramSchema>;

/** A regular lesson's place on the course path. */
export interface PathStep {
  topic: CatalogueTopic;
  lesson: CatalogueLesson;
  /** Index on the path of all regular lessons of the program. */
  position: number;
}

const byOrderThenId = (a: { order: number; id: number }, b: { order: number; id: number }) =>
  a.order - b.order || a.id - b.id;

/** Topics in course order; equal `order` values fall back to id so every caller sees the same order. */
/**
 * Sorted views are kept per catalogue object (issue 15: the overview re-sorted the course dozens of times
 * per request). Catalogue objects are never changed once built, and the views are frozen so a caller
 * cannot change them for the next one either.
 */
function remembered<Key extends object, Value>(compute: (key: Key) => Value): (key: Key) => Value {
  const views = new WeakMap<Key, Value>();
  return (key) => {
    let view = views.get(key);
    if (view === undefined) {
      view = compute(key);
      views.set(key, view);
    }
    return view;
  };
}

const sortedTopics = remembered((topics: CatalogueTopic[]) => Object.freeze([...topics].sort(byOrderThenId)));
const sortedLessons = remembered((lessons: CatalogueLesson[]) =>
  Object.freeze([...lessons].sort(byOrderThenId)),
);

export function orderedTopics(program: CatalogueProgram): CatalogueTopic[] {
  return sortedTopics(program.topics) as CatalogueTopic[];
}

export function orderedLessons(topic: CatalogueTopic): CatalogueLesson[] {
  return sortedLessons(topic.lessons) as CatalogueLesson[];
}

export function regularLessonsOf(topic: CatalogueTopic): CatalogueLesson[] {
  return orderedLessons(topic).filter((lesson) => lesson.type === LESSON_REGULAR);
}

/**
 * The course path: every regular lesson of the normal topics, in order. Rules lessons are reading
 * material and word reviews are optional extras, so neither is a step; blitz topics are tests over the
 * path, not part of it.
 */
export function coursePath(program: CatalogueProgram): PathStep[] {
  return pathOf(program.topics) as PathStep[];
}

const pathOf = remembered((topics: CatalogueTopic[]) =>
  Object.freeze(
    (sortedTopics(topics) as CatalogueTopic[])
      .filter((topic) => topic.type === TOPIC_NORMAL)
      .flatMap((topic) => regularLessonsOf(topic).map((lesson) => ({ topic, lesson })))
      .map((step, position) => ({ ...step, position })),
  ),
);

export interface LessonLocation {
  topic: CatalogueTopic;
  lesson: CatalogueLesson;
  /** Index of the topic in course order. */
  topicIndex: number;
}

export function findLesson(program: CatalogueProgram, lessonId: number): LessonLocation | undefined {
  const topics = orderedTopics(program);
  for (const [topicIndex, topic] of topics.entries()) {
    const lesson = topic.lessons.find((candidate) => candidate.id === lessonId);
    if (lesson) return { topic, lesson, topicIndex };
  }
  return undefined;
}

export function findTopic(program: CatalogueProgram, topicId: number): CatalogueTopic | undefined {
  return program.topics.find((topic) => topic.id === topicId);
}
