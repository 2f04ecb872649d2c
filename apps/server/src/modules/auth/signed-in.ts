import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { errors } from '../../lib/app-error.ts';
import { setSessionCookie } from '../../plugins/sessions.ts';
import { loadPublicUser } from '../users/users.repository.ts';
import { startSession } from './session.service.ts';

/**
 * Every way of signing in (password, sign-up, social) ends here: a new session, its cookie, and the answer
 * `{accessToken, user}` of SPEC §7.
 */
export async function signedIn(deps: AppDeps, request: FastifyRequest, reply: FastifyReply, userId: string) {
  const now = deps.now();
  const session = await startSession(deps.db, userId, request.headers['user-agent'], now);
  const user = await loadPublicUser(deps.db, userId, now);
  if (!user) throw errors.notFound('User');
  setSessionCookie(reply, session.token, deps);
  return { accessToken: session.token, user };
}
