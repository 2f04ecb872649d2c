import { health } from '@parlo/contract/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { sharedDatabaseProbe } from '../../db/client.ts';
import { route } from '../../plugins/route.ts';

/** For load balancers and monitors: 200 only when the database answers. */
export function healthRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const databaseUp = sharedDatabaseProbe(deps.db);
    route(
      app,
      health,
      async (_request, reply) => {
        const up = await databaseUp();
        return reply
          .code(up ? 200 : 503)
          .send({ status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down' });
      },
      { config: { rateLimit: false } },
    );
  };
}
