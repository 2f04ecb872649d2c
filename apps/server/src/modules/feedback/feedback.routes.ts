import { sendFeedback } from '@parlo/contract/feedback';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { route } from '../../plugins/route.ts';
import { saveReport } from './feedback.repository.ts';

/** SPEC §7 POST feedback {text}; guests may report too (the single-exercise preview has no session). */
export function feedbackRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, sendFeedback, async (request, reply) => {
      const { text, exerciseId, answer } = request.body;
      const id = await saveReport(deps.db, {
        userId: request.auth?.userId ?? null,
        text,
        exerciseId,
        answer,
      });
      return reply.code(201).send({ id });
    });
  };
}
