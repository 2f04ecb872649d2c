import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { feedback } from '../../db/schema.ts';
import { errorResponseSchema } from '../../plugins/errors.ts';

/** Long enough for the exercise path and every problem description; anything longer is not a report. */
const MAX_FEEDBACK_LENGTH = 4000;

export const feedbackBodySchema = z
  .object({ text: z.string().trim().min(1).max(MAX_FEEDBACK_LENGTH) })
  .meta({ id: 'FeedbackRequest' });

/**
 * SPEC §7 POST feedback {text}: an error report from the lesson player. Guests may report too (the
 * single-exercise preview has no session); the global rate limit keeps floods out.
 */
export function feedbackRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/feedback',
      {
        schema: {
          tags: ['feedback'],
          summary: 'Report a problem with an exercise (the text names the exercise and the problems)',
          body: feedbackBodySchema,
          response: {
            201: z.object({ id: z.number().int() }).meta({ id: 'FeedbackCreated' }),
            400: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const [stored] = await deps.db
          .insert(feedback)
          .values({ userId: request.auth?.userId ?? null, text: request.body.text })
          .returning({ id: feedback.id });
        if (!stored) throw new Error('feedback row not created');
        return reply.code(201).send({ id: stored.id });
      },
    );
  };
}
