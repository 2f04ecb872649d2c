import {
  billingQuote,
  billingStatus,
  billingWebhook,
  cancelSubscription,
  changeCard,
  createCustomer,
  refreshSubscription,
  resumeSubscription,
  sandboxAuthenticate,
} from '@parlo/contract/billing';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { route } from '../../plugins/route.ts';
import { currentUserId } from '../../plugins/sessions.ts';
import { billingService, purchase, type ReceiptSink } from './billing.service.ts';

/** Receipts leave with the answer; a mail server that is away costs the learner their mail, not the request. */
function sendReceipts(deps: AppDeps, log: () => FastifyBaseLogger): ReceiptSink {
  return (mail) =>
    void deps.mailer.send(mail).catch((error: unknown) => {
      log().error({ err: error, subject: mail.subject }, 'billing receipt not sent');
    });
}

/** Issue 11: SPEC §7 create-customer, subscription, cancel-subscription, and the provider's webhook. */
export function billingRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  let logger: FastifyBaseLogger | null = null;
  const receipts = sendReceipts(deps, () => logger!);
  const billing = billingService({ ...deps, receipts });
  return async (app) => {
    logger = app.log;
    route(app, billingStatus, async (request) => billing.status(currentUserId(request)));

    route(app, billingQuote, async (request) =>
      billing.quote(currentUserId(request), request.body.planId, request.body.paymentMethod),
    );

    route(app, createCustomer, async (request) =>
      purchase({ ...deps, receipts }, currentUserId(request), request.body),
    );

    route(app, refreshSubscription, async (request) =>
      billing.refresh(currentUserId(request), request.body.subscriptionId),
    );

    route(app, cancelSubscription, async (request) =>
      billing.cancel(currentUserId(request), request.body.subscriptionId),
    );

    route(app, resumeSubscription, async (request) =>
      billing.resume(currentUserId(request), request.body.subscriptionId),
    );

    route(app, changeCard, async (request) =>
      billing.changeCard(currentUserId(request), request.body.subscriptionId, request.body.paymentMethod),
    );

    route(app, sandboxAuthenticate, async (request, reply) => {
      await billing.sandboxAuthenticate(
        currentUserId(request),
        request.body.clientSecret,
        request.body.approve,
      );
      return reply.code(204).send();
    });

    // The signature covers the exact bytes, so this route alone reads its JSON body raw.
    await app.register(async (raw) => {
      raw.removeContentTypeParser('application/json');
      raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
        done(null, body);
      });
      route(raw, billingWebhook, async (request) => {
        const signature = request.headers['stripe-signature'];
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return billing.handleWebhook(body, typeof signature === 'string' ? signature : undefined);
      });
    });
  };
}
