import { getUser, me, session, updateUser as updateUserCall } from '@parlo/contract/accounts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { AppError, errors } from '../../lib/app-error.ts';
import { route } from '../../plugins/route.ts';
import { assertSelf, currentUserId } from '../../plugins/sessions.ts';
import { findAvatar } from './avatar.repository.ts';
import { avatarUrl } from './avatar.routes.ts';
import { loadPublicUser, updateUser } from './users.repository.ts';

/** Reading and changing one's own account (SPEC §7 GET users/{id}, POST users/{id}/update). */
export function usersRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, me, async (request) => {
      const user = await loadPublicUser(deps.db, currentUserId(request), deps.now());
      if (!user) throw errors.unauthorized();
      return user;
    });

    // The web app asks this on every page: a guest (or an expired session) is an answer, not an error.
    route(app, session, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = request.auth ? await loadPublicUser(deps.db, request.auth.userId, deps.now()) : null;
      return { user };
    });

    route(app, getUser, async (request) => {
      assertSelf(request, request.params.id);
      const user = await loadPublicUser(deps.db, request.params.id, deps.now());
      if (!user) throw errors.notFound('User');
      return user;
    });

    route(app, updateUserCall, async (request) => {
      assertSelf(request, request.params.id);
      const now = deps.now();
      const { name, age, avatar } = request.body;
      // The header shows the avatar as an image on every page: only a picture this server stored for the
      // account may be named (never a javascript: URL or another site that would learn who looks).
      if (avatar !== undefined && avatar !== null) {
        const stored = await findAvatar(deps.db, request.params.id);
        if (!stored || avatar !== avatarUrl(request.params.id, stored.version)) {
          throw new AppError(
            400,
            'AVATAR_NOT_UPLOADED',
            'The avatar can only be a picture uploaded to this account (POST /api/upload/avatar), or null.',
          );
        }
      }
      await updateUser(
        deps.db,
        request.params.id,
        {
          ...(name === undefined ? {} : { name }),
          ...(age === undefined ? {} : { age }),
          ...(avatar === undefined ? {} : { avatar }),
        },
        now,
      );
      const user = await loadPublicUser(deps.db, request.params.id, now);
      if (!user) throw errors.notFound('User');
      return user;
    });
  };
}
