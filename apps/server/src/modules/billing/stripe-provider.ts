import { createRequire } from 'node:module';
import { statusFromStripe } from '@parlo/core/billing/subscription-lifecycle';
import { planIds, type PlanId } from '@parlo/core/billing/subscription';
import type StripeClient from 'stripe';
import type { Env } from '../../env.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  declined,
  signatureInvalid,
  type PaymentProvider,
  type ProviderSubscription,
} from './payment-provider.ts';
import { parseEvent } from './sandbox-provider.ts';

type Stripe = StripeClient;

/**
 * The parts of Stripe's objects Parlo reads, loosely: API versions moved the period from the subscription
 * to its items and the first payment's secret from `payment_intent` to `confirmation_secret`, and Parlo
 * reads either.
 */
interface LooseSubscription {
  id: string;
  customer: string | { id: string };
  status: string;
  cancel_at_period_end: boolean;
  current_period_start?: number;
  current_period_end?: number;
  trial_end: number | null;
  metadata?: Record<string, string>;
  items?: {
    data: Array<{
      current_period_start?: number;
      current_period_end?: number;
      price?: { id: string } | null;
      plan?: { id: string } | null;
    }>;
  };
  latest_invoice?:
    | string
    | null
    | {
        id?: string;
        status?: string;
        confirmation_secret?: { client_secret: string } | null;
        payment_intent?: string | { client_secret: string | null; status: string } | null;
      };
  pending_setup_intent?: string | null | { client_secret: string | null; status: string };
}

const requireFromHere = createRequire(import.meta.url);
const clients = new Map<string, Stripe>();

/** The SDK is loaded only when Stripe is keyed (issue 11), once per key. */
function client(env: Env): Stripe {
  const key = env.STRIPE_SECRET_KEY!;
  let stripe = clients.get(key);
  if (!stripe) {
    const StripeSdk = requireFromHere('stripe') as new (key: string, config: object) => Stripe;
    const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null;
    stripe = new StripeSdk(key, {
      maxNetworkRetries: 1,
      timeout: 15_000,
      ...(base
        ? {
            host: base.hostname,
            port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
            protocol: base.protocol.replace(':', ''),
          }
        : {}),
    });
    clients.set(key, stripe);
  }
  return stripe;
}

function priceIds(env: Env): Record<PlanId, string | undefined> {
  return {
    '1_month': env.STRIPE_PRICE_1_MONTH,
    '3_month': env.STRIPE_PRICE_3_MONTH,
    '1_year': env.STRIPE_PRICE_1_YEAR,
  };
}

const expand = ['latest_invoice.confirmation_secret', 'pending_setup_intent'];

function isCardError(error: unknown): error is { type: string; message: string } {
  return (error as { type?: unknown } | null)?.type === 'StripeCardError';
}

function unavailable(): AppError {
  return new AppError(503, 'PAYMENT_PROVIDER_UNAVAILABLE', 'Payments are not available right now.');
}

/** Stripe's errors in Parlo's: a card refusal shows Stripe's own words in the form, the rest is a 503. */
async function talk<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isCardError(error)) throw declined(error.message);
    throw unavailable();
  }
}

export function readStripeSubscription(subscription: LooseSubscription, env: Env): ProviderSubscription {
  const item = subscription.items?.data[0];
  const prices = priceIds(env);
  const itemPrice = item?.price?.id ?? item?.plan?.id;
  const planId =
    planIds.find((id) => id === subscription.metadata?.planId) ??
    planIds.find((id) => prices[id] !== undefined && prices[id] === itemPrice) ??
    '1_month';
  const invoice = typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null;
  const intent = typeof invoice?.payment_intent === 'object' ? invoice.payment_intent : null;
  const paymentSecret = invoice?.confirmation_secret?.client_secret ?? intent?.client_secret ?? null;
  const setup =
    typeof subscription.pending_setup_intent === 'object' ? subscription.pending_setup_intent : null;
  const status = statusFromStripe(subscription.status, subscription.cancel_at_period_end);
  const start = subscription.current_period_start ?? item?.current_period_start ?? 0;
  return {
    id: subscription.id,
    customerId: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
    planId,
    status,
    currentPeriodStart: start,
    currentPeriodEnd: subscription.current_period_end ?? item?.current_period_end ?? start,
    trialEnd: subscription.trial_end,
    cardLast4: null,
    action:
      status === 'incomplete' && paymentSecret
        ? { kind: 'payment', clientSecret: paymentSecret }
        : setup?.client_secret && ['requires_action', 'requires_confirmation'].includes(setup.status)
          ? { kind: 'setup', clientSecret: setup.client_secret }
          : null,
  };
}

/**
 * Stripe (issue 11): the card goes from Stripe.js to Stripe, Parlo receives a payment method id. The
 * subscription is created incomplete (`default_incomplete`), the browser confirms the first payment
 * (3-D Secure when the bank asks), and every change reaches Parlo as a signed webhook event.
 */
export function stripeProvider(env: Env): PaymentProvider {
  const stripe = () => client(env);
  const read = (subscription: unknown) => readStripeSubscription(subscription as LooseSubscription, env);

  return {
    mode: 'stripe',
    publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null,

    async describeCard(paymentMethod) {
      if (typeof paymentMethod !== 'string') {
        throw new AppError(400, 'CARD_DATA_NOT_ACCEPTED', 'Card details go to Stripe, not to Parlo.');
      }
      const method = await talk(() => stripe().paymentMethods.retrieve(paymentMethod));
      const card = (method as { card?: { fingerprint?: string | null; last4?: string } }).card;
      return { fingerprint: card?.fingerprint ?? paymentMethod, last4: card?.last4 ?? '' };
    },

    async createSubscription({ userId, email, planId, paymentMethod, trial }) {
      const price = priceIds(env)[planId];
      if (!price || typeof paymentMethod !== 'string') throw unavailable();
      const customer = await talk(() =>
        stripe().customers.create({
          email,
          metadata: { userId },
          payment_method: paymentMethod,
          invoice_settings: { default_payment_method: paymentMethod },
        }),
      );
      const subscription = await talk(() =>
        stripe().subscriptions.create({
          customer: customer.id,
          // A recurring price's id is also its plan id (Stripe keeps the two APIs compatible); `plan` is
          // the form Stripe-compatible test servers understand as well.
          items: [{ plan: price }],
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription' },
          ...(trial ? { trial_period_days: 7 } : {}),
          metadata: { userId, planId },
          expand,
        }),
      );
      return read(subscription);
    },

    async retrieveSubscription(id) {
      try {
        return read(await stripe().subscriptions.retrieve(id, { expand }));
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) return null;
        throw unavailable();
      }
    },

    async cancelAtPeriodEnd(id) {
      return read(
        await talk(() => stripe().subscriptions.update(id, { cancel_at_period_end: true, expand })),
      );
    },

    async resume(id) {
      return read(
        await talk(() => stripe().subscriptions.update(id, { cancel_at_period_end: false, expand })),
      );
    },

    async changeCard(id, paymentMethod) {
      if (typeof paymentMethod !== 'string') {
        throw new AppError(400, 'CARD_DATA_NOT_ACCEPTED', 'Card details go to Stripe, not to Parlo.');
      }
      const current = (await talk(() =>
        stripe().subscriptions.retrieve(id, { expand }),
      )) as unknown as LooseSubscription;
      const customer = typeof current.customer === 'string' ? current.customer : current.customer.id;
      await talk(() => stripe().paymentMethods.attach(paymentMethod, { customer }));
      await talk(() =>
        stripe().customers.update(customer, { invoice_settings: { default_payment_method: paymentMethod } }),
      );
      const updated = (await talk(() =>
        stripe().subscriptions.update(id, { default_payment_method: paymentMethod, expand }),
      )) as unknown as LooseSubscription;
      // A renewal that failed is paid with the new card now rather than at Stripe's next retry.
      const invoice = typeof updated.latest_invoice === 'object' ? updated.latest_invoice : null;
      if (updated.status === 'past_due' && invoice?.id && invoice.status === 'open') {
        const invoiceId = invoice.id;
        await talk(() => stripe().invoices.pay(invoiceId, { payment_method: paymentMethod }));
        return read(await talk(() => stripe().subscriptions.retrieve(id, { expand })));
      }
      return read(updated);
    },

    async abandon(id) {
      await talk(() => stripe().subscriptions.cancel(id));
    },

    verifyWebhook(rawBody, signatureHeader) {
      if (!env.STRIPE_WEBHOOK_SECRET || !signatureHeader) throw signatureInvalid();
      try {
        stripe().webhooks.constructEvent(rawBody, signatureHeader, env.STRIPE_WEBHOOK_SECRET);
      } catch {
        throw signatureInvalid();
      }
      return parseEvent(rawBody);
    },

    async processDue(_now, overdue) {
      // Stripe renews, retries and ends subscriptions itself; Parlo re-reads those whose period is over,
      // in case an event was lost.
      return [...overdue];
    },
  };
}
