/**
 * ADR 024: the routes of answers that are the same for everyone and personal to no one (health, the
 * catalogue, the course list) say so with this route config flag, and the per-request work they do not need
 * is left off them: no session is read and no `no-store` added (plugins/sessions.ts), nothing is compressed
 * per request (their bytes are prebuilt, or a few dozen; the route says `compress: false`), and a
 * successful answer writes no log line (app.ts; refusals and errors still do). Security headers and the
 * rate limit stay.
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
