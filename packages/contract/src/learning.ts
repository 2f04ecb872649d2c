import { programProgressSchema } from '@parlo/core/progression/progress';
import { lessonRouteSchema, tierSchema } from '@parlo/core/scoring/lesson-route';
import { statisticsSchema as learnerStatisticsSchema } from '@parlo/core/stats/statistics';
import { z } from 'zod';
import { exerciseListSchema } from './catalogue.ts';
import { defineCall } from './call.ts';
import { id, idText, noContent, secretQuery, text } from './fields.ts';
import { dashboardRoute } from './routes.ts';

const tags = ['learning'];

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
    statistics: learnerStatisticsSchema,
    /** Null for premium learners (no limit). */
    freeLessonsLeft: z.number().int().nullable(),
  })
  .meta({ id: 'LessonCompletion' });
export type CompletionOutcome = z.output<typeof completionOutcomeSchema>;

/** What an answer may hold: the player's envelopes ({choice}, {words}, {text}, {verdict}, …), bounded. */
const answerValue = z.union([
  text(2000),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.union([text(2000), z.number()])).max(200),
]);

/** One checked answer as the player sent it; the server replays it against the exercise. */
export const attemptSchema = z.object({
  exerciseId: id,
  answer: z.record(text(40), answerValue),
  /** How long the learner took, as the player measured it (ms); only shapes the learner's own schedule. */
  responseMs: z.number().int().min(0).max(3_600_000).optional(),
});

/** One press of the main button, a skip or 'cannot talk', in the order they happened. */
export const completionRequestSchema = z
  .object({
    /** Any unique string per finished lesson run (a UUID); replays with it count once. */
    idempotencyKey: text(100).min(8),
    attempts: z.array(attemptSchema).max(2000),
    /** 'Say this text' exercises the player left out (no speech recognition, or 'cannot talk' within the hour). */
    omittedExerciseIds: z.array(id).max(200).default([]),
  })
  .meta({ id: 'LessonCompletionRequest' });
export type CompletionRequest = z.input<typeof completionRequestSchema>;

const overviewShape = z.object({
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
  statistics: learnerStatisticsSchema,
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
});

export const overviewSchema = overviewShape.meta({ id: 'LearningOverview' });
export type Overview = z.output<typeof overviewSchema>;

/**
 * The selected program as the dashboard's first screen shows it: names and order of its topics and
 * lessons and whether they have rules to read (the rules themselves are read when opened).
 */
const dashboardCourseSchema = z.object({
  packageId: z.number().int(),
  programId: z.number().int(),
  courseName: z.string(),
  color: z.string().nullable(),
  programName: z.string(),
  /** The language the course teaches (recordings are stored per language). */
  languageCode: z.string(),
  /** The course's programs, for the program picker. */
  programs: z.array(z.object({ id: z.number().int(), name: z.string() })),
  topics: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      icon: z.string().nullable(),
      type: z.union([z.literal(0), z.literal(2)]),
      basic: z.boolean(),
      hasRules: z.boolean(),
      lessons: z.array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          description: z.string().nullable(),
          type: z.union([z.literal(0), z.literal(1), z.literal(2)]),
          hasRules: z.boolean(),
        }),
      ),
    }),
  ),
});

export const dashboardSchema = overviewShape
  .extend({ course: dashboardCourseSchema.nullable() })
  .meta({ id: 'LearningDashboard' });
export type Dashboard = z.output<typeof dashboardSchema>;
export type DashboardCourse = z.output<typeof dashboardCourseSchema>;

const progressResponse = z
  .object({ selected: z.array(programProgressSchema) })
  .meta({ id: 'LearningProgress' });

/** Ids inside the progress a client sends are row ids too. */
const programProgressInput = programProgressSchema.extend({
  packageId: id,
  languageId: id,
  programId: id,
  topicId: id.nullable(),
  lessonId: id.nullable(),
  passedBlitzes: z.array(id).max(1000).default([]),
  reviewedLessons: z.array(id).max(5000).default([]),
});

const refusals = [400, 403, 404, 409] as const;

export const selectCourse = defineCall({
  method: 'POST',
  path: '/api/learning/course',
  tags,
  summary: 'Choose the course and program to learn (SPEC /select-course, /select-program)',
  access: 'learner',
  body: z.object({ packageId: id, programId: id }),
  status: 200,
  response: progressResponse,
  refusals,
});

export const chooseLevel = defineCall({
  method: 'POST',
  path: '/api/learning/level',
  tags,
  summary: "Choose the level of a program not started yet: 'basics' skips the basic topics",
  access: 'learner',
  body: z.object({ programId: id, level: z.enum(['basics', 'beginning']) }),
  status: 200,
  response: progressResponse,
  refusals,
});

export const resetProgress = defineCall({
  method: 'POST',
  path: '/api/learning/reset',
  tags,
  summary: 'Reset progress (SPEC §4): all courses and statistics back to zero; choose a course again',
  access: 'learner',
  status: 204,
  response: noContent,
  refusals: [],
});

export const overview = defineCall({
  method: 'GET',
  path: '/api/learning/overview',
  tags,
  summary: 'Dashboard state: topic and lesson states, blitzes, statistics, status, free lessons left',
  access: 'learner',
  status: 200,
  response: overviewSchema,
  refusals: [],
});

export const dashboard = defineCall({
  ...dashboardRoute,
  tags,
  summary:
    "The dashboard's first screen in one answer: the overview plus the selected program's topics and lessons",
  access: 'learner',
  status: 200,
  response: dashboardSchema,
  refusals: [],
});

export const startLesson = defineCall({
  method: 'POST',
  path: '/api/lessons/:lessonId/start',
  tags,
  summary: "Check a lesson may be played now; access 'limit' when no free lesson is left",
  access: 'learner',
  params: z.object({ lessonId: idText }),
  query: secretQuery,
  status: 200,
  response: z.object({
    access: z.enum(['allowed', 'limit']),
    freeLessonsLeft: z.number().int().nullable(),
  }),
  refusals,
});

export const completeLesson = defineCall({
  method: 'POST',
  path: '/api/lessons/:lessonId/complete',
  tags,
  summary: 'Complete a lesson with the answers given; the server checks them and awards points (idempotent)',
  access: 'learner',
  params: z.object({ lessonId: idText }),
  query: secretQuery,
  body: completionRequestSchema,
  status: 200,
  response: completionOutcomeSchema,
  refusals,
});

export const blitzExercises = defineCall({
  method: 'GET',
  path: '/api/blitz/:topicId/exercises',
  tags,
  summary: 'The exercises of the enabled blitz (SPEC blitzTopics)',
  access: 'learner',
  params: z.object({ topicId: idText }),
  status: 200,
  response: exerciseListSchema,
  refusals,
});

export const completeBlitz = defineCall({
  method: 'POST',
  path: '/api/blitz/:topicId/complete',
  tags,
  summary: 'Complete a blitz with the answers given (idempotent); passes with few enough mistakes',
  access: 'learner',
  params: z.object({ topicId: idText }),
  query: secretQuery,
  body: completionRequestSchema,
  status: 200,
  response: completionOutcomeSchema,
  refusals,
});

export const replaceLearningProgress = defineCall({
  method: 'POST',
  path: '/api/learningProgress/:id/replace',
  tags,
  summary: 'Store the selected program (SPEC); lessons are gained only by completing them',
  access: 'learner',
  params: z.object({ id: idText }),
  body: z
    .object({ selected: z.array(programProgressInput).max(100), timestamp: z.number().optional() })
    .meta({ id: 'LearningProgressReplace' }),
  status: 200,
  response: progressResponse,
  refusals,
});

export const putStatistics = defineCall({
  method: 'PUT',
  path: '/api/statistics/:id',
  tags,
  summary: 'Compatibility: accepts the SPEC body but keeps only what the server computed, and returns it',
  access: 'learner',
  params: z.object({ id: idText }),
  // Points, days and answers change only when the server accepts a lesson; a client's numbers are ignored.
  body: z.object({}).loose().meta({ id: 'StatisticsPut' }),
  status: 200,
  response: learnerStatisticsSchema,
  refusals,
});
