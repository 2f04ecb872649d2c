import {
  markNotificationsRead,
  notifications,
  pushPublicKey,
  removePushSubscription,
  savePushSubscription,
  unsubscribeReminderMails,
} from '@parlo/contract/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { errors } from '../../lib/app-error.ts';
import { route } from '../../plugins/route.ts';
import { currentUserId } from '../../plugins/sessions.ts';
import * as repository from './notifications.repository.ts';

/** The bell's notification centre and the devices' push subscriptions (issue 13). */
export function notificationsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, pushPublicKey, async () => ({ publicKey: deps.push.publicKey }));

    route(app, savePushSubscription, async (request, reply) => {
      // A production server posts only to https push services, never to an address on its own network.
      if (deps.env.NODE_ENV === 'production' && !request.body.endpoint.startsWith('https://')) {
        throw errors.validation('VALIDATION_FAILED', 'A push endpoint must use https.');
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

    route(app, unsubscribeReminderMails, async (request, reply) => {
      if (!(await repository.stopReminderMails(deps.db, request.body.token))) {
        throw errors.notFound('Unsubscribe link');
      }
      return reply.code(204).send(null);
    });

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
