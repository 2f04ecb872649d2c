import {
  oneClickUnsubscribe,
  openOneClickUnsubscribe,
  unsubscribeReminderMails,
} from '@parlo/contract/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { errors } from '../../lib/app-error.ts';
import { route } from '../../plugins/route.ts';
import * as service from './reminders.service.ts';

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

/** Turning reminder e-mails off from a mail: the page's link and the mail client's one-click post. */
export function remindersRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, unsubscribeReminderMails, async (request, reply) => {
      await service.unsubscribeReminderMails(deps.db, request.body.token);
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
      await service.unsubscribeReminderMails(deps.db, request.query.token);
      return reply.code(204).send(null);
    });

    route(app, openOneClickUnsubscribe, async (request, reply) =>
      reply.redirect(`/unsubscribe?token=${encodeURIComponent(request.query.token)}`, 302),
    );
  };
}
