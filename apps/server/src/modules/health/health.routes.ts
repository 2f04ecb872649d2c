import { health } from '@parlo/contract/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OVERLOAD_RETRY_AFTER_SECONDS, RUNS_WHEN_OVERLOADED } from '../../plugins/load-shedding.ts';
import { route } from '../../plugins/route.ts';
import type { RecentProbe } from './recent-probe.ts';

/**
 * For load balancers and monitors: 200 only when the database answers (a probe of the last second) and
 * the server is not shedding load; an overloaded server still answers here, 503 with `load: overloaded`.
 */
export function healthRoutes(databaseUp: RecentProbe, overloaded: () => boolean): FastifyPluginAsyncZod {
  return async (app) => {
    route(
      app,
      health,
      async (_request, reply) => {
        const up = await databaseUp();
        const database = up ? 'up' : 'down';
        if (overloaded()) {
          return reply
            .code(503)
            .header('retry-after', String(OVERLOAD_RETRY_AFTER_SECONDS))
            .send({ status: 'degraded', database, load: 'overloaded' });
        }
        return reply.code(up ? 200 : 503).send({ status: up ? 'ok' : 'degraded', database });
      },
      // Balancers ask all the time; the answer is the same for everyone (ADR 025).
      { config: { rateLimit: false, [RUNS_WHEN_OVERLOADED]: true }, publicAnswer: true },
    );
  };
}
