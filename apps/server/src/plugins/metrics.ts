import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import type { Metrics } from '../lib/metrics.ts';

/** Requests no route matched share one series: their raw URLs would make one series per scanner probe. */
const UNMATCHED_ROUTE = 'unmatched';

function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * `GET /metrics` in Prometheus' text format for a scraper that sends `Authorization: Bearer METRICS_TOKEN`
 * (issue 30 item 16): the series name routes, jobs and delivery results nobody outside should map. With no
 * token configured the address answers 404, as any unknown one (also where the web app would answer it).
 * Every answered request is counted under its route pattern (`/api/users/:id`), not its URL.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics | null, token: string | undefined) {
  if (metrics) {
    app.addHook('onResponse', (request, reply, done) => {
      metrics.observeRequest(
        request.method,
        request.routeOptions.url ?? UNMATCHED_ROUTE,
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
      done();
    });
  }
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!metrics || !token) throw new AppError(404, 'NOT_FOUND', 'No route for GET /metrics');
    const [scheme, given] = (request.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !given || !sameSecret(given, token)) {
      void reply.header('www-authenticate', 'Bearer');
      throw new AppError(401, 'UNAUTHORIZED', 'A valid metrics token is required.');
    }
    void reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store');
    return metrics.registry.metrics();
  });
}
