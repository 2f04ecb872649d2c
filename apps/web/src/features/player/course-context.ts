import { z } from 'zod';
import type { SpokenLanguage } from '../../lib/catalogue.ts';

// lib/catalogue checks languages, courses and programs; the player also reads the topics and lessons.
const lessonSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    type: z.number(),
    order: z.number().default(0),
    html: z.string().nullish(),
  })
  .loose();
const topicSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    type: z.number(),
    html: z.string().nullish(),
    lessons: z.array(lessonSchema).default([]),
  })
  .loose();
const programDetailSchema = z.object({ languageCode: z.string(), topics: z.array(topicSchema) }).loose();

export type CatalogueLesson = z.infer<typeof lessonSchema>;
export type CatalogueTopic = z.infer<typeof topicSchema>;

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
        const detail = programDetailSchema.safeParse(program);
        if (!detail.success) continue;
        for (const topic of detail.data.topics) {
          const lesson =
            where.lessonId === undefined
              ? undefined
              : topic.lessons.find((candidate) => candidate.id === where.lessonId);
          if (topic.id !== where.topicId && !lesson) continue;
          return {
            language: { id: language.id, name: language.name },
            coursePackage: { id: coursePackage.id, name: coursePackage.name },
            program: { id: program.id, name: program.name, languageCode: detail.data.languageCode },
            topics: detail.data.topics,
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
