import { completePractice, practice, words } from '@parlo/contract/review';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { route } from '../../plugins/route.ts';
import { currentUserId } from '../../plugins/sessions.ts';
import { reviewService } from './review.service.ts';

/** Practice and the words panel (issue 16): the memory the server keeps per learner and word. */
export function reviewRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const reviews = reviewService(deps);
  return async (app) => {
    route(app, practice, async (request) =>
      reviews.practice(currentUserId(request), { speaking: request.query.speaking === 'true' }),
    );

    route(app, completePractice, async (request) =>
      reviews.completePractice(currentUserId(request), request.body),
    );

    route(app, words, async (request) => reviews.words(currentUserId(request)));
  };
}
