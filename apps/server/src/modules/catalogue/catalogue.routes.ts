import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { AppError, errors } from '../../lib/app-error.ts';
import { hasSecretAccess } from '../../lib/secret-access.ts';
import { errorResponseSchema } from '../../plugins/errors.ts';
import { requireAuth } from '../../plugins/sessions.ts';
import type { catalogueCache } from './catalogue.cache.ts';
import {
  findLesson,
  loadBlitzExercises,
  loadExerciseWithLesson,
  loadFreeLessonAllowance,
  loadLessonExercises,
  loadStatusTiers,
} from './catalogue.repository.ts';
import {
  catalogueSchema,
  configSchema,
  exerciseListSchema,
  exerciseWithLessonSchema,
  statusTierSchema,
} from './catalogue.schemas.ts';

const tags = ['catalogue'];
const idParam = z.coerce.number().int().positive();
/** `1,2,3` or repeated `lessonIds=1&lessonIds=2`. */
const idListParam = z
  .union([z.string(), z.array(z.string())])
  .transform((value) =>
    (Array.isArray(value) ? value : value.split(','))
      .map((part) => part.trim())
      .filter(Boolean)
      .map(Number),
  )
  .pipe(
    z.array(z.number().int().positive(), { error: 'lessonIds must be a list of lesson ids' }).min(1).max(200),
  );

/** Courses, lessons and exercises (SPEC §7 GET languages, lessons/{id}/exercises, exercises, status, get-config). */
export function catalogueRoutes(
  deps: AppDeps,
  cache: ReturnType<typeof catalogueCache>,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/languages',
      {
        schema: {
          tags,
          summary: 'The enabled catalogue: spoken languages → courses → programs → topics → lessons, ordered',
          description:
            'Answers 304 when If-None-Match carries the current ETag. Courses with soon=true are not selectable.',
          response: { 200: catalogueSchema, 304: z.undefined().describe('Not modified') },
        },
      },
      async (request, reply) => {
        const { catalogue, etag } = await cache.get();
        reply.header('etag', etag).header('cache-control', 'no-cache');
        if (request.headers['if-none-match'] === etag) return reply.code(304).send(undefined);
        return catalogue;
      },
    );

    app.get(
      '/lessons/:lessonId/exercises',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: "A lesson's enabled exercises, in order",
          params: z.object({ lessonId: idParam }),
          response: { 200: exerciseListSchema, 401: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request) => {
        const lesson = await findLesson(deps.db, request.params.lessonId);
        if (!lesson) throw errors.notFound('Lesson');
        return loadLessonExercises(deps.db, lesson.id);
      },
    );

    app.get(
      '/exercises',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'The blitz exercises of the given lessons',
          querystring: z.object({ lessonIds: idListParam }),
          response: { 200: exerciseListSchema, 400: errorResponseSchema, 401: errorResponseSchema },
        },
      },
      async (request) => loadBlitzExercises(deps.db, request.query.lessonIds),
    );

    app.get(
      '/exercises/:exerciseId',
      {
        schema: {
          tags,
          summary: 'One exercise with its lesson: secret access only (single-exercise preview)',
          params: z.object({ exerciseId: idParam }),
          querystring: z.object({ secret: z.string().optional() }),
          response: { 200: exerciseWithLessonSchema, 403: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request) => {
        if (!hasSecretAccess(request, deps.env)) {
          throw new AppError(403, 'SECRET_ACCESS_REQUIRED', 'This preview needs secret access.');
        }
        const found = await loadExerciseWithLesson(deps.db, request.params.exerciseId);
        if (!found) throw errors.notFound('Exercise');
        return found;
      },
    );

    app.get(
      '/status',
      {
        schema: {
          tags,
          summary: 'The status tiers of a spoken language, lowest first',
          querystring: z.object({ languageId: idParam }),
          response: { 200: z.array(statusTierSchema) },
        },
      },
      async (request) => loadStatusTiers(deps.db, request.query.languageId),
    );

    app.get(
      '/get-config',
      {
        schema: {
          tags,
          summary: 'Public configuration: free lessons per day and the store listings',
          response: { 200: configSchema },
        },
      },
      async () => ({
        freeLessons: await loadFreeLessonAllowance(deps.db),
        appStoreUrl: deps.env.APP_STORE_URL ?? null,
        playStoreUrl: deps.env.PLAY_STORE_URL ?? null,
      }),
    );
  };
}
