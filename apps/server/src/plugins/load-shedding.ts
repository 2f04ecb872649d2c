import underPressure from '@fastify/under-pressure';
import type { RequestErrorCode } from '@parlo/contract/errors';
import type { FastifyInstance } from 'fastify';

/** Seconds an overloaded server asks a client to wait (it looks again every second). */
export const OVERLOAD_RETRY_AFTER_SECONDS = 5;

/**
 * Marks a route that runs while the server sheds load: the health check, which reports the overload, and
 * the web app's files, a file read each: the app then meets the API's 503 and says so in the learner's
 * language, where a refused page would have shown a browser the raw JSON error.
 */
export const RUNS_WHEN_OVERLOADED = 'runsWhenOverloaded';

declare module 'fastify' {
  interface FastifyContextConfig {
    [RUNS_WHEN_OVERLOADED]?: boolean;
  }
}

/**
 * Load shedding (issue 30): when the event loop has been late by more than `maxEventLoopDelayMs` on
 * average over the last second, every request is answered at once with 503 OVERLOADED and `Retry-After`
 * instead of joining a queue that takes seconds; the health check still runs and says so, for the
 * balancer to send traffic elsewhere, and pages and their files are still served. Registered before the
 * rate limit and the session lookup, so a refused request costs no database work. `0` turns it off.
 */
export async function registerLoadShedding(
  app: FastifyInstance,
  options: { maxEventLoopDelayMs: number; sampleIntervalMs?: number },
): Promise<void> {
  await app.register(underPressure, {
    maxEventLoopDelay: options.maxEventLoopDelayMs,
    sampleInterval: options.sampleIntervalMs ?? 1_000,
    pressureHandler: (request, reply) => {
      // Without an answer here the request goes on as usual.
      if (request.routeOptions.config[RUNS_WHEN_OVERLOADED] === true) return;
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
