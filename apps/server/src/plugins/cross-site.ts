import { uploadAvatar } from '@parlo/contract/accounts';
import { oneClickUnsubscribe } from '@parlo/contract/notifications';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { apiRoute } from './api-route.ts';
import { SESSION_COOKIE } from './sessions.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The routes whose body is not JSON (a file; an RFC 8058 form) and the types each takes. */
const OTHER_BODY_TYPES: ReadonlyMap<string, readonly string[]> = new Map<string, readonly string[]>([
  [uploadAvatar.path, uploadAvatar.consumes],
  [oneClickUnsubscribe.path, oneClickUnsubscribe.consumes],
]);
/**
 * Posted by mail clients, never with our cookie: the secret in the address is the permission, so a post
 * from another site cannot be forged without it and the origin is not asked for.
 */
const SECRET_IN_ADDRESS_ROUTES: ReadonlySet<string> = new Set([oneClickUnsubscribe.path]);

function crossSite(): AppError {
  return new AppError(403, 'CROSS_SITE_REQUEST', 'This request came from another website and was refused.');
}

function mediaType(request: FastifyRequest): string | null {
  const header = request.headers['content-type'];
  if (header === undefined) return null;
  return header.split(';', 1)[0]?.trim().toLowerCase() ?? '';
}

/** Whether a request carries credentials the browser adds by itself (the session cookie). */
function usesAmbientCredentials(request: FastifyRequest): boolean {
  const explicitToken =
    request.headers.authorization?.startsWith('Bearer ') || request.headers['x-access-token'] !== undefined;
  return !explicitToken || request.cookies[SESSION_COOKIE] !== undefined;
}

/**
 * Cross-site request forgery: a page elsewhere can make the browser send our cookie with a form post
 * (text/plain or urlencoded bodies need no CORS preflight). So every state-changing API request must
 * come from Parlo's own pages — `Sec-Fetch-Site: same-origin` (or `none`, typed by the user), or an
 * `Origin` that is ours — and may carry only a JSON body (a file upload: multipart). Apps that send a
 * Bearer token and no cookie cannot be forged this way and are not checked; requests with neither
 * header (curl, servers, older clients) carry no browser context to forge.
 */
export function registerCrossSiteProtection(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin;

  // A plain callback, not an async function: the GETs it lets through at once pay no promise for it.
  app.addHook('onRequest', (request, _reply, done) => {
    const route = STATE_CHANGING.has(request.method) ? apiRoute(request) : null;
    if (route === null) return done();
    try {
      refuseForeignRequest(request, route, publicOrigin);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
}

/** Throws when a state-changing API request is not JSON (or multipart) or comes from another website. */
function refuseForeignRequest(request: FastifyRequest, route: string, publicOrigin: string): void {
  const type = mediaType(request);
  const allowed = OTHER_BODY_TYPES.get(route) ?? ['application/json'];
  if (type !== null && !allowed.includes(type)) {
    throw new AppError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      `Send the request body as ${allowed.join(' or ')}; ${type || 'an empty content type'} is not accepted.`,
    );
  }
  if (SECRET_IN_ADDRESS_ROUTES.has(route) || !usesAmbientCredentials(request)) return;
  // Browsers that send Sec-Fetch-Site say exactly where the request came from; trust that first
  // (the dev server's proxy rewrites Host, so Origin alone would not match there).
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'same-origin' || fetchSite === 'none') return;
  if (fetchSite !== undefined) throw crossSite();
  const origin = request.headers.origin;
  if (origin === undefined) return;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    throw crossSite();
  }
  if (parsed.origin !== publicOrigin && parsed.host !== request.host) throw crossSite();
}
