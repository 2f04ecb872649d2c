import { planIds, subscriptionStatuses } from '@parlo/core/billing/subscription';
import { z } from 'zod';
import { defineCall } from './call.ts';
import { noContent, text } from './fields.ts';

const tags = ['billing'];

/**
 * Which payment provider takes the money: Stripe when keyed, Parlo's own sandbox in development and
 * tests (in production only with PAYMENTS=sandbox, issue 29).
 */
export const billingModes = ['sandbox', 'stripe'] as const;
export type BillingMode = (typeof billingModes)[number];

export const subscriptionViewSchema = z
  .object({
    id: z.string(),
    planId: z.enum(planIds),
    status: z.enum(subscriptionStatuses),
    /** Epoch seconds: the renewal date, or the day premium ends once canceled. */
    currentPeriodEnd: z.number().int(),
    /** Epoch seconds; set when it began with the free week. */
    trialEnd: z.number().int().nullable(),
    cardLast4: z.string().nullable(),
    premium: z.boolean(),
    /** SPEC §4: whole days of Premium left once canceled (0 when over); null while it renews. */
    daysLeft: z.number().int().nullable(),
  })
  .meta({ id: 'Subscription' });
export type SubscriptionView = z.output<typeof subscriptionViewSchema>;

/** What the subscription panel and the purchase form need to know. */
export const billingStatusSchema = z
  .object({
    /** Null: no payment provider is configured, so subscriptions cannot be bought (issue 29). */
    mode: z.enum(billingModes).nullable(),
    /** Stripe.js needs it; null in sandbox mode. */
    publishableKey: z.string().nullable(),
    /** The server's decision (issue 11): no free-lesson limit and no ads while true. */
    premium: z.boolean(),
    /** The free training week is still to be had by this learner (the card is checked by the quote). */
    trialAvailable: z.boolean(),
    /** The newest subscription, whatever its state; null when the learner never had one. */
    subscription: subscriptionViewSchema.nullable(),
  })
  .meta({ id: 'BillingStatus' });

export const billingStatus = defineCall({
  method: 'GET',
  path: '/api/billing/subscription',
  tags,
  summary: 'The learner’s subscription, whether they are premium and whether the free week is left',
  access: 'learner',
  status: 200,
  response: billingStatusSchema,
  refusals: [],
});

/** A card typed into Parlo's own form: accepted in sandbox mode only, never with Stripe. */
export const sandboxCardSchema = z.object({
  number: text(32),
  expMonth: z.number().int().min(0).max(99),
  expYear: z.number().int().min(0).max(9999),
  cvc: text(8),
});

/** The step the browser completes before the subscription starts (3-D Secure). */
export const pendingActionSchema = z.object({
  /** 'payment': confirmCardPayment; 'setup': confirmCardSetup (a free week saves the card, charges later). */
  kind: z.enum(['payment', 'setup']),
  clientSecret: z.string(),
});

const paymentMethodSchema = z.union([z.string().regex(/^pm_[A-Za-z0-9_]{1,200}$/), sandboxCardSchema]);
/** A Stripe.js payment method id, or (sandbox only) the card itself. */
export type PaymentMethodInput = z.output<typeof paymentMethodSchema>;

/**
 * What a purchase will cost, as the server decides it (issue 29): the free week only when neither this
 * learner nor this card had it. The form shows this before anything is paid.
 */
export const quoteSchema = z
  .object({
    planId: z.enum(planIds),
    freeWeek: z.boolean(),
    /** In cents, in `currency`: what each charge takes. */
    priceCents: z.number().int(),
    currency: z.string(),
    /** Epoch seconds of the first charge: now, or the end of the free week. */
    firstChargeAt: z.number().int(),
    /** Epoch seconds of the renewal after the first charge. */
    renewsAt: z.number().int(),
  })
  .meta({ id: 'PurchaseQuote' });
export type PurchaseQuote = z.output<typeof quoteSchema>;

export const billingQuote = defineCall({
  method: 'POST',
  path: '/api/billing/quote',
  tags,
  summary: 'What a purchase would cost now: the free week or the first charge, and when it is taken',
  description:
    'Without a card it answers for the learner; with one (a Stripe.js payment method id, or in sandbox mode the card) for the card too.',
  access: 'learner',
  body: z
    .object({ planId: z.enum(planIds), paymentMethod: paymentMethodSchema.optional() })
    .meta({ id: 'QuoteRequest' }),
  status: 200,
  response: quoteSchema,
  refusals: [402, 503],
});

const purchaseResultSchema = z
  .object({ subscription: subscriptionViewSchema, action: pendingActionSchema.nullable() })
  .meta({ id: 'PurchaseResult' });

/**
 * SPEC §7 POST create-customer {userId, email, paymentMethod, planId}: the customer and a subscription
 * created incomplete. The user and e-mail come from the session; `paymentMethod` is a Stripe.js payment
 * method id, or (sandbox only) the card itself. The answer says whether an authentication step is due.
 */
export const createCustomer = defineCall({
  method: 'POST',
  path: '/api/billing/create-customer',
  tags,
  summary: 'Start a subscription: the free week when it is still to be had, else the first payment',
  access: 'learner',
  body: z
    .object({
      planId: z.enum(planIds),
      paymentMethod: paymentMethodSchema,
      /**
       * What the form promised (issue 29): true for "free for 7 days". A promise the learner or the card
       * can no longer have is refused with FREE_WEEK_USED before anything is charged.
       */
      freeWeek: z.boolean(),
    })
    .meta({ id: 'CreateCustomerRequest' }),
  status: 200,
  response: purchaseResultSchema,
  refusals: [402, 409, 503],
});

const subscriptionIdBody = z.object({ subscriptionId: z.uuid() });

/** SPEC §7 POST subscription {subscriptionId}: the subscription as the provider has it now. */
export const refreshSubscription = defineCall({
  method: 'POST',
  path: '/api/billing/subscription',
  tags,
  summary: 'Read the subscription again from the payment provider (after the browser confirmed a payment)',
  access: 'learner',
  body: subscriptionIdBody.meta({ id: 'SubscriptionRequest' }),
  status: 200,
  response: subscriptionViewSchema,
  refusals: [404],
});

/** SPEC §7 POST cancel-subscription {subscriptionId}: no renewal, premium to the period end. */
export const cancelSubscription = defineCall({
  method: 'POST',
  path: '/api/billing/cancel-subscription',
  tags,
  summary: 'Stop renewal: the card is not charged again and premium lasts to the period end',
  access: 'learner',
  body: subscriptionIdBody.meta({ id: 'CancelSubscriptionRequest' }),
  status: 200,
  response: subscriptionViewSchema,
  refusals: [404, 409, 503],
});

/** Issue 29: a cancellation taken back before the period ends; the subscription renews again. */
export const resumeSubscription = defineCall({
  method: 'POST',
  path: '/api/billing/resume-subscription',
  tags,
  summary: 'Take a cancellation back before the period ends: the subscription renews again',
  access: 'learner',
  body: subscriptionIdBody.meta({ id: 'ResumeSubscriptionRequest' }),
  status: 200,
  response: subscriptionViewSchema,
  refusals: [404, 409, 503],
});

/**
 * Issue 29: another card for a subscription, e.g. after a failed payment; a renewal that is due is
 * charged to it at once.
 */
export const changeCard = defineCall({
  method: 'POST',
  path: '/api/billing/change-card',
  tags,
  summary: 'Pay with another card from now on; a failed renewal is charged to it at once',
  access: 'learner',
  body: z
    .object({ subscriptionId: z.uuid(), paymentMethod: paymentMethodSchema })
    .meta({ id: 'ChangeCardRequest' }),
  status: 200,
  response: subscriptionViewSchema,
  refusals: [400, 402, 404, 409, 503],
});

/** The sandbox's stand-in for the bank's 3-D Secure page: the learner approves or refuses the payment. */
export const sandboxAuthenticate = defineCall({
  method: 'POST',
  path: '/api/billing/sandbox/authenticate',
  tags,
  summary: 'Sandbox mode only: complete or refuse the authentication step of a test card',
  access: 'learner',
  body: z
    .object({ clientSecret: text(200), approve: z.boolean() })
    .meta({ id: 'SandboxAuthenticateRequest' }),
  status: 204,
  response: noContent,
  refusals: [404],
});

/**
 * The payment provider's signed events. The body is read raw (the signature covers its exact bytes), so
 * it is described here but checked by the signature, not by a schema.
 */
export const billingWebhook = defineCall({
  method: 'POST',
  path: '/api/billing/webhook',
  tags,
  summary: 'Signed events from the payment provider (Stripe, or Parlo’s sandbox)',
  description: 'Verified with the Stripe-Signature header on the raw body; each event id is applied once.',
  access: 'anyone',
  body: z.unknown(),
  // Stripe's events are a few KB; the largest (an invoice with many lines) stays well under this.
  maxBodyBytes: 256 * 1024,
  status: 200,
  response: z.object({ received: z.literal(true), duplicate: z.boolean() }).meta({ id: 'WebhookReceived' }),
  refusals: [400],
});
