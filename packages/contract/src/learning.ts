import { programProgressSchema } from '@parlo/core/progression/progress';
import { statisticsSchema as learnerStatisticsSchema } from '@parlo/core/stats/statistics';
import { z } from 'zod';
import { exerciseListSchema } from './catalogue.ts';
import { defineCall } from './call.ts';
// completion.ts before dashboard.ts: the shapes are registered, and the OpenAPI document lists them, in the
// order they had when all of them were written here (ADR 044).
import { COMPLETION_MAX_BODY_BYTES, completionOutcomeSchema, completionRequestSchema } from './completion.ts';
import { id, idText, noContent, secretQuery } from './fields.ts';

export {
  attemptSchema,
  completionOutcomeSchema,
  completionRequestSchema,
  type CompletionOutcome,
  type CompletionRequest,
} from './completion.ts';
// The dashboard's calls and shapes live in dashboard.ts (ADR 044): the dashboard's code builds them without
// this module's lesson and blitz schemas (every exercise type's, through catalogue.ts).
export {
  dashboard,
  dashboardSchema,
  overview,
  overviewSchema,
  type Dashboard,
  type DashboardCourse,
  type Overview,
} from './dashboard.ts';

const tags = ['learning'];

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
  maxBodyBytes: COMPLETION_MAX_BODY_BYTES,
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
  maxBodyBytes: COMPLETION_MAX_BODY_BYTES,
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
  // A finished course's reviewed lessons, for each program selected.
  maxBodyBytes: 256 * 1024,
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
