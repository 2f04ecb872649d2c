import underPressure from '@fastify/under-pressure';
import type { RequestErrorCode } from '@parlo/contract/errors';
import type { FastifyInstance } from 'fastify';

/** Seconds an overloaded server asks a client to wait (it looks again every second). */
export const OVERLOAD_RETRY_AFTER_SECONDS = 5;

/** Marks the route that reports the overload instead of being refused: the health check. */
export const REPORTS_OVERLOAD = 'reportsOverload';

declare module 'fastify' {
  interface FastifyContextConfig {
    [REPORTS_OVERLOAD]?: boolean;
  }
}

/**
 * Load shedding (issue 30): when the event loop has been late by more than `maxEventLoopDelayMs` on
 * average over the last second, every request is answered at once with 503 OVERLOADED and `Retry-After`
 * instead of joining a queue that takes seconds; the health check still runs and says so, for the
 * balancer to send traffic elsewhere. Registered before the rate limit and the session lookup, so a
 * refused request costs no database work. `0` turns it off.
 */
export async function registerLoadShedding(
  app: FastifyInstance,
  options: { maxEventLoopDelayMs: number; sampleIntervalMs?: number },
): Promise<void> {
  await app.register(underPressure, {
    maxEventLoopDelay: options.maxEventLoopDelayMs,
    sampleInterval: options.sampleIntervalMs ?? 1_000,
    pressureHandler: (request, reply) => {
      // Without an answer here the request goes on as usual: the health check reports the overload.
      if (request.routeOptions.config[REPORTS_OVERLOAD] === true) return;
      void reply
        .code(503)
        .header('retry-after', String(OVERLOAD_RETRY_AFTER_SECONDS))
        .send({
          error: {
            code: 'OVERLOADED' satisfies RequestErrorCode,
            message: 'Parlo is very busy right now. Nothing was saved; try again in a few seconds.',
          },
        });
    },
  });
}
