import { sendFeedback } from '@parlo/contract/feedback';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { feedback } from '../../db/schema.ts';
import { route } from '../../plugins/route.ts';

/** SPEC §7 POST feedback {text}; guests may report too (the single-exercise preview has no session). */
export function feedbackRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, sendFeedback, async (request, reply) => {
      const [stored] = await deps.db
        .insert(feedback)
        .values({ userId: request.auth?.userId ?? null, text: request.body.text })
        .returning({ id: feedback.id });
      if (!stored) throw new Error('feedback row not created');
      return reply.code(201).send({ id: stored.id });
    });
  };
}
