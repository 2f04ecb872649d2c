import {
  billingStatus,
  billingWebhook,
  cancelSubscription,
  createCustomer,
  refreshSubscription,
  sandboxAuthenticate,
} from '@parlo/contract/billing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { route } from '../../plugins/route.ts';
import { currentUserId } from '../../plugins/sessions.ts';
import { billingService, purchase } from './billing.service.ts';

/** Issue 11: SPEC §7 create-customer, subscription, cancel-subscription, and the provider's webhook. */
export function billingRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const billing = billingService(deps);
  return async (app) => {
    route(app, billingStatus, async (request) => billing.status(currentUserId(request)));

    route(app, createCustomer, async (request) =>
      purchase(deps, currentUserId(request), request.body.planId, request.body.paymentMethod),
    );

    route(app, refreshSubscription, async (request) =>
      billing.refresh(currentUserId(request), request.body.subscriptionId),
    );

    route(app, cancelSubscription, async (request) =>
      billing.cancel(currentUserId(request), request.body.subscriptionId),
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
