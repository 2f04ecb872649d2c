import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { createExpressApp } from 'stripe-stateful-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingQuote, billingStatus, billingWebhook, createCustomer } from '@parlo/contract/billing';
import { health } from '@parlo/contract/health';
import { subscriptions } from '../src/db/schema.ts';
import { createTestApp, errorCode, registerLearner, type SignedIn, type TestApp } from './helper.ts';
import { injectCall } from './support/inject-call.ts';

/**
 * The purchase of billing.test.ts with STRIPE_SECRET_KEY set, against stripe-stateful-mock (a local
 * Stripe-compatible server) on an ephemeral port. The mock has no PaymentMethods API, so this test adds
 * the one read Parlo makes (the card's fingerprint) to it; it has no webhooks, so events are signed here
 * with the SDK's own `generateTestHeaderString`.
 */
const WEBHOOK_SECRET = 'whsec_parlo_stripe_tests';
let mock: http.Server;
let stripe: Stripe;
let t: TestApp;

beforeAll(async () => {
  const stripeMock = createExpressApp();
  mock = http.createServer((request, response) => {
    const paymentMethod = /^\/v1\/payment_methods\/(pm_[A-Za-z0-9_]+)/.exec(request.url ?? '')?.[1];
    if (!paymentMethod) return void stripeMock(request, response);
    response.setHeader('content-type', 'application/json');
    response.end(
      JSON.stringify({
        id: paymentMethod,
        object: 'payment_method',
        type: 'card',
        card: { brand: 'visa', last4: '4242', fingerprint: `fp_${paymentMethod}` },
      }),
    );
  });
  await new Promise<void>((resolve) => mock.listen(0, '127.0.0.1', resolve));
  const { port } = mock.address() as AddressInfo;
  stripe = new Stripe('sk_test_parlo', { host: '127.0.0.1', port, protocol: 'http' });
  const price = (amount: number, months: number) =>
    stripe.plans.create({
      currency: 'eur',
      amount,
      interval: 'month',
      interval_count: months,
      product: { name: `Parlo Premium ${months}` },
    });
  const [month, quarter, year] = await Promise.all([price(599, 1), price(899, 3), price(1499, 12)]);
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_parlo',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_parlo',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_1_MONTH: month.id,
      STRIPE_PRICE_3_MONTH: quarter.id,
      STRIPE_PRICE_1_YEAR: year.id,
      STRIPE_API_BASE: `http://127.0.0.1:${port}`,
    },
  });
}, 30_000);

afterAll(async () => {
  await t?.close();
  // The SDK keeps its connections alive; closing them lets the server stop at once.
  mock?.closeAllConnections();
  await new Promise((resolve) => mock?.close(resolve));
});

const status = async (learner: SignedIn) =>
  (await injectCall(t.app, billingStatus, { headers: learner.headers })).json();

function webhook(event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  // `rawBody`: the signature is over these exact bytes.
  return injectCall(t.app, billingWebhook, {
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret }),
    },
    rawBody: payload,
  });
}

describe('buying Premium with Stripe (stripe-stateful-mock)', () => {
  let ana: SignedIn;
  let providerId: string;

  beforeAll(async () => {
    ana = await registerLearner(t.app);
  });

  it('lets the browser load Stripe.js and its frames (Content-Security-Policy)', async () => {
    const policy = String((await injectCall(t.app, health)).headers['content-security-policy']);
    expect(policy).toContain("script-src 'self' https://js.stripe.com");
    expect(policy).toContain('frame-src https://js.stripe.com https://hooks.stripe.com');
  });

  it('tells the browser to load Stripe.js with the publishable key', async () => {
    expect(await status(ana)).toMatchObject({
      mode: 'stripe',
      publishableKey: 'pk_test_parlo',
      premium: false,
      subscription: null,
    });
  });

  it('never accepts card details: they go from Stripe.js to Stripe', async () => {
    const response = await injectCall(t.app, createCustomer, {
      headers: ana.headers,
      body: {
        planId: '1_month',
        paymentMethod: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' },
        freeWeek: false,
      },
    });
    expect([response.statusCode, errorCode(response)]).toEqual([400, 'CARD_DATA_NOT_ACCEPTED']);
  });

  it('creates the customer and the subscription, and the learner is premium at once', async () => {
    const response = await injectCall(t.app, createCustomer, {
      headers: ana.headers,
      body: {
        planId: '1_month',
        paymentMethod: 'pm_card_visa',
        freeWeek: false,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { subscription } = response.json();
    // The mock starts every subscription active (it knows neither trials nor incomplete payments).
    expect(subscription).toMatchObject({ planId: '1_month', status: 'active', premium: true });
    const [row] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscription.id));
    expect(row).toMatchObject({ provider: 'stripe', cardFingerprint: 'fp_pm_card_visa' });
    expect(row!.providerSubscriptionId).toMatch(/^sub_/);
    expect(row!.providerCustomerId).toMatch(/^cus_/);
    providerId = row!.providerSubscriptionId!;
    const remote = await stripe.subscriptions.retrieve(providerId);
    expect(remote.metadata).toMatchObject({ userId: ana.userId, planId: '1_month' });
    expect(await status(ana)).toMatchObject({ premium: true, trialAvailable: true });
  });

  it('quotes the free week per card from Stripe’s fingerprint (issue 29)', async () => {
    // As if ana's card had its free week: any learner paying with it is quoted the price, today.
    await t.database.db
      .update(subscriptions)
      .set({ trialEnd: Math.floor(Date.now() / 1000) })
      .where(eq(subscriptions.userId, ana.userId));
    const bo = await registerLearner(t.app);
    const quote = async (paymentMethod: string) =>
      (
        await injectCall(t.app, billingQuote, {
          headers: bo.headers,
          body: { planId: '1_month', paymentMethod },
        })
      ).json();
    expect(await quote('pm_card_visa')).toMatchObject({ freeWeek: false, priceCents: 599 });
    expect(await quote('pm_card_bo')).toMatchObject({ freeWeek: true });
    const refused = await injectCall(t.app, createCustomer, {
      headers: bo.headers,
      body: {
        planId: '1_month',
        paymentMethod: 'pm_card_visa',
        freeWeek: true,
      },
    });
    expect([refused.statusCode, errorCode(refused)]).toEqual([409, 'FREE_WEEK_USED']);
  });

  it('verifies webhook signatures on the raw body and applies each event once', async () => {
    const event = {
      id: 'evt_stripe_1',
      object: 'event',
      type: 'customer.subscription.updated',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: providerId, object: 'subscription', status: 'active' } },
    };
    const forged = await webhook(event, 'whsec_not_ours');
    expect([forged.statusCode, errorCode(forged)]).toEqual([400, 'WEBHOOK_SIGNATURE_INVALID']);
    const first = await webhook(event);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect((await webhook(event)).json()).toEqual({ received: true, duplicate: true });
    expect((await status(ana)).subscription).toMatchObject({ status: 'active', premium: true });
  });
});
