import { getUser, me, updateUser as updateUserCall } from '@parlo/contract/accounts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { errors } from '../../lib/app-error.ts';
import { route } from '../../plugins/route.ts';
import { assertSelf, currentUserId } from '../../plugins/sessions.ts';
import { loadPublicUser, updateUser } from './users.repository.ts';

/** Reading and changing one's own account (SPEC §7 GET users/{id}, POST users/{id}/update). */
export function usersRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, me, async (request) => {
      const user = await loadPublicUser(deps.db, currentUserId(request), deps.now());
      if (!user) throw errors.unauthorized();
      return user;
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
