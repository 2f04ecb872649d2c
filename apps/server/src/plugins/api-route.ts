import type { FastifyRequest } from 'fastify';

/**
 * The API route a request reached, as it was registered (`/api/users/:id`), or null for any other request.
 * Decisions about a request (cross-site checks, reading the session) go by this, never by the raw URL:
 * the router decodes the path, so `/%61pi/users/login` reaches `/api/users/login` while its raw URL does
 * not start with `/api/` (issue 30).
 */
export function apiRoute(request: FastifyRequest): string | null {
  const url = request.routeOptions.url;
  return url !== undefined && url.startsWith('/api/') ? url : null;
}
