import { z } from 'zod';
import type { EndLessonState, LessonRoute } from './complete-lesson.ts';

/*
 * The wire form of a completion's route (SPEC §4 'Lesson completion'): the server answers with it and the
 * player reads it, so both use these schemas. The `satisfies` checks keep them in step with the types
 * completeLesson returns.
 */

const lessonRefSchema = z.object({ topicId: z.number().int(), lessonId: z.number().int() });

/** What /endlesson shows. */
export const endLessonSchema = z.object({
  topicId: z.number().int(),
  lessonId: z.number().int(),
  remainingLessonsInTopic: z.number().int(),
  next: lessonRefSchema.nullable(),
  nextIsNewTopic: z.boolean(),
  nextAvailable: z.boolean(),
  // Outcomes stored before these existed replay as 0 of 0: the screen then leaves the count out.
  lessonsDoneInTopic: z.number().int().default(0),
  lessonsInTopic: z.number().int().default(0),
}) satisfies z.ZodType<EndLessonState>;

/** A status tier as sent to the player: its name and the points it starts at. */
export const tierSchema = z.object({ name: z.string(), points: z.number().int() });

/** Where the player goes next. */
export const lessonRouteSchema = z.union([
  z.object({ path: z.literal('/successful'), isBlitz: z.literal(true) }),
  z.object({
    path: z.literal('/successful'),
    isBlitz: z.literal(false),
    status: tierSchema,
    endLesson: endLessonSchema,
  }),
  z.object({ path: z.literal('/endlesson'), endLesson: endLessonSchema }),
  z.object({ path: z.literal('/unsuccessful') }),
  z.object({ path: z.literal('/dashboard') }),
  z.object({ path: z.literal('/limit') }),
]) satisfies z.ZodType<LessonRoute<{ name: string; points: number }>>;
