/**
 * ADR 025: the routes of answers that are the same for everyone and personal to no one (health, the
 * catalogue, the course list) say so with this route config flag, and the per-request work they do not need
 * is left off them: nothing is compressed per request (their bytes are prebuilt, or a few dozen; the route
 * says `compress: false`, so @fastify/compress adds no hook), and a successful answer writes no log line
 * (app.ts; refusals and errors still do). Security headers, the rate limit and the session read of a
 * request that carries a token (plugins/sessions.ts) stay.
 */
export const PUBLIC_ANSWER = 'publicAnswer';

declare module 'fastify' {
  interface FastifyContextConfig {
    [PUBLIC_ANSWER]?: boolean;
  }
}

/** Whether a route (its options, as onRoute hooks and `request.routeOptions` see them) is a public answer. */
export function isPublicAnswer(routeOptions: { config?: unknown }): boolean {
  const config = routeOptions.config as Record<string, unknown> | undefined;
  return config?.[PUBLIC_ANSWER] === true;
}
