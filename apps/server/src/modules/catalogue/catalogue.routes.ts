import {
  blitzExercisesOfLessons,
  config,
  languages,
  lessonExercises,
  previewExercise,
  statusTiers,
} from '@parlo/contract/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { AppError, errors } from '../../lib/app-error.ts';
import { hasSecretAccess } from '../../lib/secret-access.ts';
import { route } from '../../plugins/route.ts';
import type { catalogueCache } from './catalogue.cache.ts';
import {
  findLesson,
  loadBlitzExercises,
  loadExerciseWithLesson,
  loadFreeLessonAllowance,
  loadLessonExercises,
  loadStatusTiers,
} from './catalogue.repository.ts';

/** Courses, lessons and exercises (SPEC §7 GET languages, lessons/{id}/exercises, exercises, status, get-config). */
export function catalogueRoutes(
  deps: AppDeps,
  cache: ReturnType<typeof catalogueCache>,
): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, languages, async (request, reply) => {
      const { catalogue, etag } = await cache.get();
      reply.header('etag', etag).header('cache-control', 'no-cache');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(undefined);
      return catalogue;
    });

    route(app, lessonExercises, async (request) => {
      const lesson = await findLesson(deps.db, request.params.lessonId);
      if (!lesson) throw errors.notFound('Lesson');
      return loadLessonExercises(deps.db, lesson.id);
    });

    route(app, blitzExercisesOfLessons, async (request) =>
      loadBlitzExercises(deps.db, request.query.lessonIds),
    );

    route(app, previewExercise, async (request) => {
      if (!hasSecretAccess(request, deps.env)) {
        throw new AppError(403, 'SECRET_ACCESS_REQUIRED', 'This preview needs secret access.');
      }
      const found = await loadExerciseWithLesson(deps.db, request.params.exerciseId);
      if (!found) throw errors.notFound('Exercise');
      return found;
    });

    route(app, statusTiers, async (request) => loadStatusTiers(deps.db, request.query.languageId));

    route(app, config, async () => ({
      freeLessons: await loadFreeLessonAllowance(deps.db),
      appStoreUrl: deps.env.APP_STORE_URL ?? null,
      playStoreUrl: deps.env.PLAY_STORE_URL ?? null,
    }));
  };
}
