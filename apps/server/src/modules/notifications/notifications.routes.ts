import {
  markNotificationsRead,
  notifications,
  oneClickUnsubscribe,
  openOneClickUnsubscribe,
  pushPublicKey,
  removePushSubscription,
  savePushSubscription,
  unsubscribeReminderMails,
} from '@parlo/contract/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { AppError, errors } from '../../lib/app-error.ts';
import { pushEndpointProblem, pushKeysProblem } from '../../lib/push-endpoint.ts';
import { route } from '../../plugins/route.ts';
import { currentUserId } from '../../plugins/sessions.ts';
import * as repository from './notifications.repository.ts';

/**
 * An RFC 8058 post's form (urlencoded or multipart) as its fields; a body that is no such form is the
 * sender's mistake (400). The platform's own form reader (undici's Response) parses both encodings.
 */
async function formFields(contentType: string, body: Buffer): Promise<Record<string, string>> {
  try {
    const form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
    const fields: Record<string, string> = {};
    for (const [name, value] of form) if (typeof value === 'string') fields[name] = value;
    return fields;
  } catch {
    throw errors.validation('INVALID_FORM', 'The body is not a readable form.');
  }
}

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

    route(app, unsubscribeReminderMails, async (request, reply) => {
      if (!(await repository.stopReminderMails(deps.db, request.body.token))) {
        throw errors.notFound('Unsubscribe link');
      }
      return reply.code(204).send(null);
    });

    // Only this plugin's routes read forms; cross-site.ts lets them through to the one-click route only.
    app.addContentTypeParser(
      [...oneClickUnsubscribe.consumes],
      { parseAs: 'buffer', bodyLimit: 16 * 1024 },
      async (request: { headers: { 'content-type'?: string } }, body: Buffer) =>
        formFields(request.headers['content-type'] ?? '', body),
    );
    route(app, oneClickUnsubscribe, async (request, reply) => {
      if (!(await repository.stopReminderMails(deps.db, request.query.token))) {
        throw errors.notFound('Unsubscribe link');
      }
      return reply.code(204).send(null);
    });

    route(app, openOneClickUnsubscribe, async (request, reply) =>
      reply.redirect(`/unsubscribe?token=${encodeURIComponent(request.query.token)}`, 302),
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
