import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { isDatabaseUp } from '../../db/client.ts';
import { errorResponseSchema } from '../../plugins/errors.ts';

const healthSchema = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['up', 'down']) });

/** For load balancers and monitors: 200 only when the database answers. */
export function healthRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        config: { rateLimit: false },
        schema: {
          tags: ['operations'],
          summary: 'Liveness and database check',
          // A 503 may also come from a hook that needed the database first (the session lookup), in the
          // one error shape.
          response: { 200: healthSchema, 503: z.union([healthSchema, errorResponseSchema]) },
        },
      },
      async (_request, reply) => {
        const up = await isDatabaseUp(deps.db);
        return reply
          .code(up ? 200 : 503)
          .send({ status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down' });
      },
    );
  };
}
