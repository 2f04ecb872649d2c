import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors } from '../lib/app-error.ts';
import type { AppDeps } from '../app-deps.ts';
import { apiRoute } from './api-route.ts';
import {
  SESSION_LIFETIME_MS,
  type ActiveSession,
  type InstanceSessions,
} from '../modules/auth/session.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: ActiveSession | null;
  }
}

export const SESSION_COOKIE = 'accessToken';

/** Web clients send the httpOnly cookie; mobile clients send `Authorization: Bearer` or `X-Access-Token`. */
function tokenFrom(request: FastifyRequest): string | null {
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer ')) return authorization.slice('Bearer '.length).trim() || null;
  const header = request.headers['x-access-token'];
  if (typeof header === 'string' && header !== '') return header;
  return request.cookies[SESSION_COOKIE] || null;
}

/**
 * Every API request carrying a token (cookie, Bearer or X-Access-Token) has its session read first; public
 * answers too (ADR 025), so that such a request meets a database outage exactly as before. Without a token —
 * balancers, monitors, guests — both hooks return at once: they are plain callbacks, not async functions,
 * so a request that needs neither pays no promise for them.
 */
export async function registerSessions(app: FastifyInstance, sessions: InstanceSessions): Promise<void> {
  await app.register(cookie);
  app.decorateRequest('auth', null);
  app.addHook('onRequest', (request, _reply, done) => {
    const token = apiRoute(request) !== null ? tokenFrom(request) : null;
    if (!token) return done();
    sessions.find(token).then((auth) => {
      request.auth = auth;
      done();
    }, done);
  });
  // A signed-in answer (or one that sets the session cookie) is personal: no browser or proxy may keep it.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (
      apiRoute(request) !== null &&
      !reply.hasHeader('cache-control') &&
      (request.auth || reply.hasHeader('set-cookie'))
    ) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}

export function setSessionCookie(reply: FastifyReply, token: string, deps: AppDeps): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: deps.env.PUBLIC_URL.startsWith('https:'),
    path: '/',
    maxAge: SESSION_LIFETIME_MS / 1000,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** Route hook: only signed-in users pass. */
export async function requireAuth(request: FastifyRequest): Promise<void> {
  if (!request.auth) throw errors.unauthorized();
}

/** The signed-in user's id; throws 401 outside an authenticated route. */
export function currentUserId(request: FastifyRequest): string {
  if (!request.auth) throw errors.unauthorized();
  return request.auth.userId;
}

/** A user can read and change only their own data. */
export function assertSelf(request: FastifyRequest, userId: string): void {
  if (currentUserId(request) !== userId) throw errors.forbidden();
}
