import { learningProgressSchema } from '@parlo/core/progression/progress';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { eq } from 'drizzle-orm';
import { statistics } from '../../db/schema.ts';
import { errors } from '../../lib/app-error.ts';
import { hasSecretAccess } from '../../lib/secret-access.ts';
import { errorResponseSchema } from '../../plugins/errors.ts';
import { currentUserId, requireAuth } from '../../plugins/sessions.ts';
import type { catalogueCache } from '../catalogue/catalogue.cache.ts';
import { exerciseListSchema } from '../catalogue/catalogue.schemas.ts';
import {
  completionBodySchema,
  completionOutcomeSchema,
  learnerStatisticsSchema,
  overviewSchema,
  startLessonSchema,
} from './learning.schemas.ts';
import { learningService } from './learning.service.ts';

const tags = ['learning'];
const id = z.coerce.number().int().positive();
const progressResponse = z
  .object({ selected: learningProgressSchema.shape.selected })
  .meta({ id: 'LearningProgress' });
const refusals = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/** Course choice, dashboard state and lesson completion: the server decides what was learned and earned. */
export function learningRoutes(
  deps: AppDeps,
  cache: ReturnType<typeof catalogueCache>,
): FastifyPluginAsyncZod {
  const learning = learningService(deps, cache);
  return async (app) => {
    app.addHook('onRequest', requireAuth);

    app.post(
      '/learning/course',
      {
        schema: {
          tags,
          summary: 'Choose the course and program to learn (SPEC /select-course, /select-program)',
          body: z.object({ packageId: id, programId: id }),
          response: { 200: progressResponse, ...refusals },
        },
      },
      async (request) => learning.selectCourse(currentUserId(request), request.body),
    );

    app.post(
      '/learning/level',
      {
        schema: {
          tags,
          summary: "Choose the level of a program not started yet: 'basics' skips the basic topics",
          body: z.object({ programId: id, level: z.enum(['basics', 'beginning']) }),
          response: { 200: progressResponse, ...refusals },
        },
      },
      async (request) => learning.chooseLevel(currentUserId(request), request.body),
    );

    app.post(
      '/learning/reset',
      {
        schema: {
          tags,
          summary: 'Reset progress (SPEC §4): all courses and statistics back to zero; choose a course again',
          response: { 204: z.null(), 401: errorResponseSchema },
        },
      },
      async (request, reply) => {
        await learning.resetProgress(currentUserId(request));
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/learning/overview',
      {
        schema: {
          tags,
          summary: 'Dashboard state: topic and lesson states, blitzes, statistics, status, free lessons left',
          response: { 200: overviewSchema, 401: errorResponseSchema },
        },
      },
      async (request) => learning.overview(currentUserId(request)),
    );

    app.post(
      '/lessons/:lessonId/start',
      {
        schema: {
          tags,
          summary: "Check a lesson may be played now; access 'limit' when no free lesson is left",
          params: z.object({ lessonId: id }),
          querystring: z.object({ secret: z.string().optional() }),
          response: { 200: startLessonSchema, ...refusals },
        },
      },
      async (request) =>
        learning.startLesson(
          currentUserId(request),
          request.params.lessonId,
          hasSecretAccess(request, deps.env),
        ),
    );

    app.post(
      '/lessons/:lessonId/complete',
      {
        schema: {
          tags,
          summary:
            'Complete a lesson with the answers given; the server checks them and awards points (idempotent)',
          params: z.object({ lessonId: id }),
          querystring: z.object({ secret: z.string().optional() }),
          body: completionBodySchema,
          response: { 200: completionOutcomeSchema, ...refusals },
        },
      },
      async (request) =>
        learning.complete(
          currentUserId(request),
          { kind: 'lesson', lessonId: request.params.lessonId },
          request.body,
          hasSecretAccess(request, deps.env),
        ),
    );

    app.get(
      '/blitz/:topicId/exercises',
      {
        schema: {
          tags,
          summary: 'The exercises of the enabled blitz (SPEC blitzTopics)',
          params: z.object({ topicId: id }),
          response: { 200: exerciseListSchema, ...refusals },
        },
      },
      async (request) => learning.blitzExercises(currentUserId(request), request.params.topicId),
    );

    app.post(
      '/blitz/:topicId/complete',
      {
        schema: {
          tags,
          summary: 'Complete a blitz with the answers given (idempotent); passes with few enough mistakes',
          params: z.object({ topicId: id }),
          querystring: z.object({ secret: z.string().optional() }),
          body: completionBodySchema,
          response: { 200: completionOutcomeSchema, ...refusals },
        },
      },
      async (request) =>
        learning.complete(
          currentUserId(request),
          { kind: 'blitz', blitzTopicId: request.params.topicId },
          request.body,
          hasSecretAccess(request, deps.env),
        ),
    );

    app.post(
      '/learningProgress/:id/replace',
      {
        schema: {
          tags,
          summary: 'Store the selected program (SPEC); lessons are gained only by completing them',
          params: z.object({ id }),
          body: z
            .object({ selected: learningProgressSchema.shape.selected, timestamp: z.number().optional() })
            .meta({ id: 'LearningProgressReplace' }),
          response: { 200: progressResponse, ...refusals },
        },
      },
      async (request) =>
        learning.replaceProgress(currentUserId(request), request.params.id, {
          selected: request.body.selected,
        }),
    );

    app.put(
      '/statistics/:id',
      {
        schema: {
          tags,
          summary:
            'Compatibility: accepts the SPEC body but keeps only what the server computed, and returns it',
          params: z.object({ id }),
          body: z.object({}).loose().meta({ id: 'StatisticsPut' }),
          response: { 200: learnerStatisticsSchema, ...refusals },
        },
      },
      async (request) => {
        // Points, days and answers change only when the server accepts a lesson; a client's numbers are ignored.
        const [row] = await deps.db
          .select()
          .from(statistics)
          .where(eq(statistics.id, request.params.id))
          .limit(1);
        if (!row) throw errors.notFound('Statistics');
        if (row.userId !== currentUserId(request)) throw errors.forbidden();
        const { id: _id, userId: _userId, ...stored } = row;
        return stored;
      },
    );
  };
}
