import type { CatalogueLesson, CatalogueTopic, SpokenLanguage } from '../../lib/catalogue.ts';

export type { CatalogueLesson, CatalogueTopic };

/** Everything around one lesson or topic that the player shows or reports. */
export interface CourseContext {
  language: { id: number; name: string };
  coursePackage: { id: number; name: string };
  program: { id: number; name: string; languageCode: string };
  topics: CatalogueTopic[];
  topic: CatalogueTopic;
  lesson?: CatalogueLesson;
}

export const LESSON_TYPE_REGULAR = 0;
export const LESSON_TYPE_RULES = 1;

/** Finds a topic (by id, or as the home of a lesson) in the catalogue, with its course around it. */
export function findCourseContext(
  languages: readonly SpokenLanguage[],
  where: { topicId?: number; lessonId?: number },
): CourseContext | undefined {
  for (const language of languages) {
    for (const coursePackage of language.packages) {
      for (const program of coursePackage.programs) {
        for (const topic of program.topics) {
          const lesson =
            where.lessonId === undefined
              ? undefined
              : topic.lessons.find((candidate) => candidate.id === where.lessonId);
          if (topic.id !== where.topicId && !lesson) continue;
          return {
            language: { id: language.id, name: language.name },
            coursePackage: { id: coursePackage.id, name: coursePackage.name },
            program: { id: program.id, name: program.name, languageCode: program.languageCode },
            topics: program.topics,
            topic,
            ...(lesson ? { lesson } : {}),
          };
        }
      }
    }
  }
  return undefined;
}

/** The info icon's text: the topic's rules lesson, else the topic's own rules (SPEC §2). */
export function rulesHtmlOf(topic: CatalogueTopic): string | undefined {
  const rules = topic.lessons.find((lesson) => lesson.type === LESSON_TYPE_RULES && lesson.html);
  return rules?.html ?? topic.html ?? undefined;
}

export function regularLessonsOf(topic: CatalogueTopic): CatalogueLesson[] {
  return topic.lessons.filter((lesson) => lesson.type === LESSON_TYPE_REGULAR);
}
