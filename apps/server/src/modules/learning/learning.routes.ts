import {
  blitzExercises,
  chooseLevel,
  completeBlitz,
  completeLesson,
  dashboard,
  overview,
  putStatistics,
  replaceLearningProgress,
  resetProgress,
  selectCourse,
  startLesson,
} from '@parlo/contract/learning';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { hasSecretAccess } from '../../lib/secret-access.ts';
import { route } from '../../plugins/route.ts';
import { currentUserId } from '../../plugins/sessions.ts';
import type { catalogueCache } from '../catalogue/catalogue.cache.ts';
import { learningService } from './learning.service.ts';

type LearningService = ReturnType<typeof learningService>;
type Played = Parameters<LearningService['complete']>[1];
type CompletionBody = Parameters<LearningService['complete']>[2];

/** Course choice, dashboard state and lesson completion: the server decides what was learned and earned. */
export function learningRoutes(
  deps: AppDeps,
  cache: ReturnType<typeof catalogueCache>,
): FastifyPluginAsyncZod {
  const learning = learningService(deps, cache);
  return async (app) => {
    route(app, selectCourse, async (request) => learning.selectCourse(currentUserId(request), request.body));

    route(app, chooseLevel, async (request) => learning.chooseLevel(currentUserId(request), request.body));

    route(app, resetProgress, async (request, reply) => {
      await learning.resetProgress(currentUserId(request));
      return reply.code(204).send(null);
    });

    route(app, overview, async (request) => learning.overview(currentUserId(request)));

    route(app, dashboard, async (request) => learning.dashboard(currentUserId(request)));

    route(app, startLesson, async (request) =>
      learning.startLesson(
        currentUserId(request),
        request.params.lessonId,
        hasSecretAccess(request, deps.env),
      ),
    );

    // A lesson and a blitz are completed alike: only what was played differs.
    const complete = (request: FastifyRequest, played: Played, body: CompletionBody) =>
      learning.complete(currentUserId(request), played, body, hasSecretAccess(request, deps.env));

    route(app, completeLesson, async (request) =>
      complete(request, { kind: 'lesson', lessonId: request.params.lessonId }, request.body),
    );

    route(app, blitzExercises, async (request) =>
      learning.blitzExercises(currentUserId(request), request.params.topicId),
    );

    route(app, completeBlitz, async (request) =>
      complete(request, { kind: 'blitz', blitzTopicId: request.params.topicId }, request.body),
    );

    route(app, replaceLearningProgress, async (request) =>
      learning.replaceProgress(currentUserId(request), request.params.id, {
        selected: request.body.selected,
      }),
    );

    route(app, putStatistics, async (request) =>
      learning.statistics(currentUserId(request), request.params.id),
    );
  };
}
