import cookie from '@fastify/cookie';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  onSendHookHandler,
} from 'fastify';
import { errors } from '../lib/app-error.ts';
import { isPublicAnswer } from './public-answer.ts';
import type { AppDeps } from '../app-deps.ts';
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
 * Every API route registered after this reads the request's session first (before its own hooks, such as
 * `requireAuth`), except public answers (ADR 024), which are the same for everyone: the hooks are attached
 * per route, so those routes do not even run them. Pages, media and unknown paths never read a session.
 */
export async function registerSessions(app: FastifyInstance, sessions: InstanceSessions): Promise<void> {
  await app.register(cookie);
  app.decorateRequest('auth', null);
  const readSession: onRequestHookHandler = async (request) => {
    const token = tokenFrom(request);
    if (token) request.auth = await sessions.find(token);
  };
  // A signed-in answer (or one that sets the session cookie) is personal: no browser or proxy may keep it.
  const keepPersonalAnswersPrivate: onSendHookHandler = async (request, reply) => {
    if (reply.hasHeader('cache-control')) return;
    if (request.auth || reply.hasHeader('set-cookie')) reply.header('cache-control', 'no-store');
  };
  app.addHook('onRoute', (routeOptions) => {
    if (!routeOptions.url?.startsWith('/api/') || isPublicAnswer(routeOptions)) return;
    routeOptions.onRequest = [readSession, ...hookList(routeOptions.onRequest)];
    routeOptions.onSend = [keepPersonalAnswersPrivate, ...hookList(routeOptions.onSend)];
  });
}

function hookList<Hook>(hooks: Hook | Hook[] | undefined): Hook[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
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
