import {
  blitzExercisesOfLessons,
  catalogueOutline,
  config,
  courses,
  languages,
  lessonExercises,
  lessonToPlay,
  previewExercise,
  statusTiers,
} from '@parlo/contract/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { AppError, errors } from '../../lib/app-error.ts';
import { hasSecretAccess } from '../../lib/secret-access.ts';
import { route } from '../../plugins/route.ts';
import { sendPrebuilt } from '../../lib/prebuilt-json.ts';
import type { catalogueCache } from './catalogue.cache.ts';
import { lessonPlaceOf, type lessonExercisesCache } from './lesson-exercises.cache.ts';
import {
  loadBlitzExercises,
  loadExerciseWithLesson,
  loadFreeLessonAllowance,
  loadStatusTiers,
} from './catalogue.repository.ts';

/** Courses, lessons and exercises (SPEC §7 GET languages, lessons/{id}/exercises, exercises, status, get-config). */
export function catalogueRoutes(
  deps: AppDeps,
  cache: ReturnType<typeof catalogueCache>,
  exercisesCache: ReturnType<typeof lessonExercisesCache>,
  /** Makes the recordings a lesson plays, so none is made while the learner waits (media.service.ts). */
  prepareLessonAudio: (lessonId: number) => Promise<void> = async () => {},
): FastifyPluginAsyncZod {
  return async (app) => {
    // Content-only answers go out as bytes prebuilt and precompressed when the content changed; the
    // catalogue and the course list are the same for everyone (public answers, ADR 025).
    route(app, languages, async (request, reply) => sendPrebuilt(request, reply, (await cache.get()).bytes), {
      publicAnswer: true,
    });

    route(
      app,
      catalogueOutline,
      async (request, reply) => {
        const outline = (await cache.get()).outlineBySpokenLanguage.get(request.params.languageId);
        if (!outline) throw errors.notFound('Spoken language');
        return sendPrebuilt(request, reply, outline);
      },
      { publicAnswer: true },
    );

    route(app, courses, async (request, reply) => sendPrebuilt(request, reply, (await cache.get()).courses), {
      publicAnswer: true,
    });

    route(app, lessonExercises, async (request, reply) => {
      const bytes = await exercisesCache.get(request.params.lessonId);
      if (!bytes) throw errors.notFound('Lesson');
      await prepareLessonAudio(request.params.lessonId);
      // Signed-in answers stay out of shared caches (plugins/sessions.ts).
      return sendPrebuilt(request, reply, bytes, 'private, no-cache');
    });

    // What the player reads: the exercises with the lesson's topic and names, one request (ADR 027).
    route(app, lessonToPlay, async (request, reply) => {
      const bytes = await exercisesCache.playable(
        request.params.lessonId,
        async () => (await cache.get()).catalogue,
      );
      if (!bytes) throw errors.notFound('Lesson');
      // The lesson's recordings exist before its first exercise is shown (issue 31).
      await prepareLessonAudio(request.params.lessonId);
      return sendPrebuilt(request, reply, bytes, 'private, no-cache');
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
      // The page needs only the lesson's place, not the whole catalogue it is looked up in.
      const place = lessonPlaceOf((await cache.get()).catalogue, found.lesson.id);
      return { ...found, place: place ?? null };
    });

    route(app, statusTiers, async (request) => loadStatusTiers(deps.db, request.query.languageId));

    route(app, config, async () => ({
      freeLessons: await loadFreeLessonAllowance(deps.db),
      appStoreUrl: deps.env.APP_STORE_URL ?? null,
      playStoreUrl: deps.env.PLAY_STORE_URL ?? null,
    }));
  };
}
