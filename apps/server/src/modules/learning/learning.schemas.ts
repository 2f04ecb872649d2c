import { learningProgressSchema } from '@parlo/core/progression/progress';
import { timedAttemptSchema } from '@parlo/core/review/review-contract';
import { lessonRouteSchema, tierSchema } from '@parlo/core/scoring/lesson-route';
import { statisticsSchema } from '@parlo/core/stats/statistics';
import { z } from 'zod';

export const completionOutcomeSchema = z
  .object({
    /** Something new was learned and saved (false for a repeat, a lost blitz or the limit). */
    committed: z.boolean(),
    rightAnswers: z.number().int(),
    errorCount: z.number().int(),
    wordsLearned: z.number().int(),
    points: z.object({
      correctAnswers: z.number().int(),
      moreWords: z.number().int(),
      topicFinished: z.number().int(),
      blitzPassed: z.number().int(),
      courseFinished: z.number().int(),
    }),
    pointsTotal: z.number().int(),
    events: z.array(z.enum(['topic-finished', 'more-words', 'blitz-passed', 'course-finished'])),
    newStatus: tierSchema.nullable(),
    route: lessonRouteSchema,
    statistics: statisticsSchema,
    /** Null for premium learners (no limit). */
    freeLessonsLeft: z.number().int().nullable(),
  })
  .meta({ id: 'LessonCompletion' });
export type CompletionOutcome = z.infer<typeof completionOutcomeSchema>;

/** One press of the main button, a skip or 'cannot talk', in the order they happened. */
export const completionBodySchema = z
  .object({
    /** Any unique string per finished lesson run (a UUID); replays with it count once. */
    idempotencyKey: z.string().min(8).max(100),
    attempts: z.array(timedAttemptSchema).max(2000),
    /** 'Say this text' exercises the player left out (no speech recognition, or 'cannot talk' within the hour). */
    omittedExerciseIds: z.array(z.number().int()).max(200).default([]),
  })
  .meta({ id: 'LessonCompletionRequest' });

export const overviewSchema = z
  .object({
    program: z
      .object({
        programId: z.number().int(),
        packageId: z.number().int(),
        currentTopicId: z.number().int().nullable(),
        currentLessonId: z.number().int().nullable(),
        finished: z.boolean(),
        topics: z.array(
          z.object({
            id: z.number().int(),
            state: z.enum(['complete', 'current', 'locked']),
            blitz: z.enum(['passed', 'enabled', 'locked']).nullable(),
            lessons: z.array(
              z.object({ id: z.number().int(), state: z.enum(['complete', 'available', 'locked']) }),
            ),
          }),
        ),
      })
      .nullable(),
    statistics: statisticsSchema,
    status: z.object({
      name: z.string().nullable(),
      index: z.number().int(),
      points: z.number().int(),
      nextPoints: z.number().int().nullable(),
      toNextStatus: z.number().int().nullable(),
      roadProgress: z.number(),
      tiers: z.array(tierSchema),
    }),
    premium: z.boolean(),
    freeLessonsLeft: z.number().int().nullable(),
  })
  .meta({ id: 'LearningOverview' });

export const startLessonSchema = z.object({
  access: z.enum(['allowed', 'limit']),
  freeLessonsLeft: z.number().int().nullable(),
});

export { learningProgressSchema, statisticsSchema as learnerStatisticsSchema };
