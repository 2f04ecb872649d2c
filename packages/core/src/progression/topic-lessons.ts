/**
 * catalogue.ts's LESSON_REGULAR (the test holds them equal), not imported: the dashboard's bundle uses this
 * module and must not pull in catalogue.ts's zod schemas (ADR 044).
 */
const LESSON_REGULAR = 0;

/** How far a learner is in one topic: "done of total" lessons. */
export interface TopicLessonCount {
  done: number;
  total: number;
}

/**
 * The one count of "lessons in this topic" and "done" (issue 29 item 16), for the dashboard's topic row
 * and /endlesson alike: the topic's regular lessons — its steps on the course path — and how many of them
 * are learned. Rules are reading and a word review is an optional extra, so neither is counted: a topic
 * whose lessons are all learned reads "3 of 3", never "3/4".
 */
export function topicLessonCount(
  lessons: ReadonlyArray<{ type: number; complete: boolean }>,
): TopicLessonCount {
  let done = 0;
  let total = 0;
  for (const lesson of lessons) {
    if (lesson.type !== LESSON_REGULAR) continue;
    total += 1;
    if (lesson.complete) done += 1;
  }
  return { done, total };
}
