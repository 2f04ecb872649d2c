import {
  learnedWordsSchema,
  practiceCompletionRequestSchema,
  practiceOutcomeSchema,
  practiceQuerySchema,
  practiceSessionSchema,
} from '@parlo/core/review/review-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { errorResponseSchema } from '../../plugins/errors.ts';
import { currentUserId, requireAuth } from '../../plugins/sessions.ts';
import { reviewService } from './review.service.ts';

const tags = ['review'];
const refusals = { 400: errorResponseSchema, 401: errorResponseSchema, 409: errorResponseSchema };

/** Practice and the words panel (issue 16): the memory the server keeps per learner and word. */
export function reviewRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const reviews = reviewService(deps);
  return async (app) => {
    app.addHook('onRequest', requireAuth);

    app.get(
      '/review/practice',
      {
        schema: {
          tags,
          summary:
            'A practice session: the words due now, else the weakest, with exercises the learner can do',
          querystring: practiceQuerySchema,
          response: { 200: practiceSessionSchema, ...refusals },
        },
      },
      async (request) =>
        reviews.practice(currentUserId(request), { speaking: request.query.speaking === 'true' }),
    );

    app.post(
      '/review/practice/complete',
      {
        schema: {
          tags,
          summary: 'The answers of a practice session; they move the memory, earn no points (idempotent)',
          body: practiceCompletionRequestSchema,
          response: { 200: practiceOutcomeSchema, ...refusals },
        },
      },
      async (request) => reviews.completePractice(currentUserId(request), request.body),
    );

    app.get(
      '/review/words',
      {
        schema: {
          tags,
          summary: 'Every word learned in the current course, with its strength and next review',
          response: { 200: learnedWordsSchema, ...refusals },
        },
      },
      async (request) => reviews.words(currentUserId(request)),
    );
  };
}
