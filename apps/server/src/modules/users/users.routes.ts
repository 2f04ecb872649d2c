import { ageSchema, nameSchema } from '@parlo/core/validation/user-validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { errors } from '../../lib/app-error.ts';
import { errorResponseSchema } from '../../plugins/errors.ts';
import { assertSelf, currentUserId, requireAuth } from '../../plugins/sessions.ts';
import { userSchema } from './user.schemas.ts';
import { loadPublicUser, updateUser } from './users.repository.ts';

const tags = ['accounts'];
const userIdParams = z.object({ id: z.uuid({ error: 'NOT_FOUND' }) });

const updateBodySchema = z
  .object({
    name: z.string().pipe(nameSchema),
    age: ageSchema,
    avatar: z.string().max(2048).nullable(),
  })
  .partial()
  .meta({ id: 'UserUpdate' });

/** Reading and changing one's own account (SPEC §7 GET users/{id}, POST users/{id}/update). */
export function usersRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/users/me',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'The signed-in user',
          response: { 200: userSchema, 401: errorResponseSchema },
        },
      },
      async (request) => {
        const user = await loadPublicUser(deps.db, currentUserId(request), deps.now());
        if (!user) throw errors.unauthorized();
        return user;
      },
    );

    app.get(
      '/users/:id',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'A user with statistics, settings and learning progress (own account only)',
          params: userIdParams,
          response: { 200: userSchema, 401: errorResponseSchema, 403: errorResponseSchema },
        },
      },
      async (request) => {
        assertSelf(request, request.params.id);
        const user = await loadPublicUser(deps.db, request.params.id, deps.now());
        if (!user) throw errors.notFound('User');
        return user;
      },
    );

    app.post(
      '/users/:id/update',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Change name, age or avatar (own account only)',
          params: userIdParams,
          body: updateBodySchema,
          response: { 200: userSchema, 400: errorResponseSchema, 403: errorResponseSchema },
        },
      },
      async (request) => {
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
      },
    );
  };
}
