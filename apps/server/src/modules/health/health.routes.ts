import { health } from '@parlo/contract/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../plugins/route.ts';
import type { RecentProbe } from './recent-probe.ts';

/** For load balancers and monitors: 200 only when the database answers (a probe of the last second). */
export function healthRoutes(databaseUp: RecentProbe): FastifyPluginAsyncZod {
  return async (app) => {
    route(
      app,
      health,
      async (_request, reply) => {
        const up = await databaseUp();
        return reply
          .code(up ? 200 : 503)
          .send({ status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down' });
      },
      // Balancers ask all the time; the answer is the same for everyone (ADR 025).
      { config: { rateLimit: false }, publicAnswer: true },
    );
  };
}
