import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingQuote,
  billingStatus,
  billingWebhook,
  createCustomer,
  sandboxAuthenticate,
} from '@parlo/contract/billing';
import { createTestApp, errorCode, registerLearner, type SignedIn, type TestApp } from './helper.ts';
import { injectCall } from './support/inject-call.ts';

/**
 * Issue 29: in production the sandbox (test cards, no money) is off unless the operator opts in with
 * PAYMENTS=sandbox; without Stripe nothing can be bought, and the API says so with a clear code.
 */
const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' };

async function statusOf(t: TestApp, learner: SignedIn) {
  const response = await injectCall(t.app, billingStatus, { headers: learner.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('production without a payment provider', () => {
  let t: TestApp;
  let ana: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: 'production' } });
    ana = await registerLearner(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('tells the purchase screens there is no provider', async () => {
    expect(await statusOf(t, ana)).toEqual({
      mode: null,
      publishableKey: null,
      premium: false,
      trialAvailable: true,
      subscription: null,
    });
  });

  it('refuses a quote and a purchase with SUBSCRIPTIONS_UNAVAILABLE; the test card buys nothing', async () => {
    const quote = await injectCall(t.app, billingQuote, { headers: ana.headers, body: { planId: '1_year' } });
    expect([quote.statusCode, errorCode(quote)]).toEqual([503, 'SUBSCRIPTIONS_UNAVAILABLE']);
    const bought = await injectCall(t.app, createCustomer, {
      headers: ana.headers,
      body: {
        planId: '1_year',
        paymentMethod: card,
        freeWeek: true,
      },
    });
    expect([bought.statusCode, errorCode(bought)]).toEqual([503, 'SUBSCRIPTIONS_UNAVAILABLE']);
    expect(await statusOf(t, ana)).toMatchObject({ premium: false, subscription: null });
    const authenticate = await injectCall(t.app, sandboxAuthenticate, {
      headers: ana.headers,
      body: {
        clientSecret: 'seti_sandbox_x',
        approve: true,
      },
    });
    expect(authenticate.statusCode).toBe(404);
  });

  it('accepts no webhook events (there is nobody to sign them)', async () => {
    const response = await injectCall(t.app, billingWebhook, {
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      rawBody: JSON.stringify({ id: 'evt_x', type: 'customer.subscription.updated' }),
    });
    expect([response.statusCode, errorCode(response)]).toEqual([503, 'SUBSCRIPTIONS_UNAVAILABLE']);
  });
});

describe('production with PAYMENTS=sandbox (an operator’s demo)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: 'production', PAYMENTS: 'sandbox' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('runs the sandbox: the test card buys Premium', async () => {
    const bo = await registerLearner(t.app);
    expect(await statusOf(t, bo)).toMatchObject({ mode: 'sandbox', premium: false });
    const bought = await injectCall(t.app, createCustomer, {
      headers: bo.headers,
      body: {
        planId: '1_month',
        paymentMethod: card,
        freeWeek: true,
      },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(await statusOf(t, bo)).toMatchObject({ premium: true });
  });
});
