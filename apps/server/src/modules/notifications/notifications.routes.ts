import {
  markNotificationsRead,
  notifications,
  pushPublicKey,
  removePushSubscription,
  savePushSubscription,
} from '@parlo/contract/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { pushEndpointProblem, pushKeysProblem } from '../../lib/push-endpoint.ts';
import { route } from '../../plugins/route.ts';
import { currentUserId } from '../../plugins/sessions.ts';
import * as repository from './notifications.repository.ts';

/** The bell's notification centre and the devices' push subscriptions (issue 13). */
export function notificationsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, pushPublicKey, async () => ({ publicKey: deps.push.publicKey }));

    route(app, savePushSubscription, async (request, reply) => {
      // Posted to only on https and a public address, never its own network (checked again when sending).
      if (pushEndpointProblem(request.body.endpoint, deps.env.PUSH_ENDPOINTS_ANY_ADDRESS) !== null) {
        throw new AppError(
          400,
          'PUSH_ENDPOINT_NOT_ALLOWED',
          'A push endpoint must be an https address of a public push service.',
        );
      }
      if (pushKeysProblem(request.body.keys) !== null) {
        throw new AppError(400, 'PUSH_KEYS_INVALID', 'The subscription keys are not valid P-256 keys.');
      }
      await repository.savePushSubscription(deps.db, currentUserId(request), request.body);
      return reply.code(204).send(null);
    });

    route(app, removePushSubscription, async (request, reply) => {
      await repository.removePushSubscription(deps.db, currentUserId(request), request.body.endpoint);
      return reply.code(204).send(null);
    });

    route(app, notifications, async (request) =>
      repository.listNotifications(deps.db, currentUserId(request)),
    );

    route(app, markNotificationsRead, async (request, reply) => {
      await repository.markNotificationsRead(
        deps.db,
        currentUserId(request),
        request.body.upToId,
        deps.now(),
      );
      return reply.code(204).send(null);
    });
  };
}
