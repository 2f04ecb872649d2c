import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxSubscriptions, subscriptions } from '../src/db/schema.ts';
import { billingJob } from '../src/jobs/billing.job.ts';
import { signPayload } from '../src/modules/billing/payment-provider.ts';
import { seedTestCourse, type SeededCourse } from './factories/course.factory.ts';
import { learningDriver, rightAttempts } from './factories/learning-driver.ts';
import { createTestApp, errorCode, registerLearner, type SignedIn, type TestApp } from './helper.ts';

/**
 * Issue 11 with Parlo's sandbox provider (the default without STRIPE_SECRET_KEY): every transition of the
 * subscription lifecycle through the API, the webhook's signature, redelivery and ordering, the free
 * week once, and premium as the learning API sees it.
 */
const WEBHOOK_SECRET = 'whsec_sandbox_for_the_billing_tests';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const CARD = { expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123' };
const cards = {
  succeeds: '4242 4242 4242 4242',
  authenticate: '4000 0027 6000 3184',
  declined: '4000 0000 0000 0002',
  renewalsFail: '4000 0000 0000 0341',
};

let t: TestApp;
let course: SeededCourse;

beforeAll(async () => {
  t = await createTestApp({ env: { SANDBOX_WEBHOOK_SECRET: WEBHOOK_SECRET } });
  course = await seedTestCourse(t.database.db);
});
afterAll(async () => {
  await t?.close();
});

const post = (learner: SignedIn, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: learner.headers, payload });
const buy = (learner: SignedIn, number: string, planId = '1_month') =>
  post(learner, '/api/billing/create-customer', { planId, paymentMethod: { number, ...CARD } });
const status = async (learner: SignedIn) => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/billing/subscription',
    headers: learner.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const runJob = (at: Date) => billingJob(t.env).run(t.database.db, at);
const at = (offsetMs: number, from: Date) => new Date(from.getTime() + offsetMs);
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

function webhook(payload: object, secret = WEBHOOK_SECRET, when = t.clock.now) {
  const body = JSON.stringify(payload);
  return t.app.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signPayload(body, secret, Math.floor(when.getTime() / 1000)),
    },
    payload: body,
  });
}

async function providerRow(learner: SignedIn) {
  const [local] = await t.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, learner.userId));
  const [remote] = await t.database.db
    .select()
    .from(sandboxSubscriptions)
    .where(eq(sandboxSubscriptions.id, local!.providerSubscriptionId!));
  return { local: local!, remote: remote! };
}

describe('buying Premium with the sandbox provider', () => {
  let ana: SignedIn;
  beforeAll(async () => {
    ana = await registerLearner(t.app);
  });

  it('starts free, with the free week on offer, in test mode (no Stripe.js allowed)', async () => {
    const policy = String((await t.app.inject({ url: '/api/health' })).headers['content-security-policy']);
    expect(policy).not.toContain('stripe.com');
    expect(await status(ana)).toEqual({
      mode: 'sandbox',
      publishableKey: null,
      premium: false,
      trialAvailable: true,
      subscription: null,
    });
  });

  it('checks Luhn, expiry and CVC before anything is charged', async () => {
    expect(errorCode(await buy(ana, '4242 4242 4242 4241'))).toBe('card-number-invalid');
    const expired = await post(ana, '/api/billing/create-customer', {
      planId: '1_month',
      paymentMethod: { number: cards.succeeds, expMonth: 1, expYear: 2020, cvc: '123' },
    });
    expect([expired.statusCode, errorCode(expired)]).toEqual([400, 'card-expiry-invalid']);
    const cvc = await post(ana, '/api/billing/create-customer', {
      planId: '1_month',
      paymentMethod: { number: cards.succeeds, ...CARD, cvc: '12' },
    });
    expect(errorCode(cvc)).toBe('card-cvc-invalid');
    expect((await status(ana)).subscription).toBeNull();
  });

  it('a declined card leaves the learner free, with the provider’s message', async () => {
    const response = await buy(ana, cards.declined);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({
      error: { code: 'CARD_DECLINED', message: 'Your card was declined.' },
    });
    expect(await status(ana)).toMatchObject({ premium: false, trialAvailable: true, subscription: null });
  });

  it('4242 starts the free week: trialing and premium at once, for 7 days', async () => {
    const response = await buy(ana, cards.succeeds);
    expect(response.statusCode, response.body).toBe(200);
    const { subscription, action } = response.json();
    expect(action).toBeNull();
    expect(subscription).toMatchObject({
      planId: '1_month',
      status: 'trialing',
      premium: true,
      cardLast4: '4242',
    });
    expect(subscription.trialEnd).toBe(subscription.currentPeriodEnd);
    expect(subscription.currentPeriodEnd - Math.floor(t.clock.now.getTime() / 1000)).toBe(7 * 86_400);
    expect(await status(ana)).toMatchObject({ premium: true, trialAvailable: false });
    expect(errorCode(await buy(ana, cards.succeeds))).toBe('ALREADY_PREMIUM');
  });

  it('renews into the plan when the free week ends, once per slot across instances', async () => {
    const { local } = await providerRow(ana);
    const trialEnd = new Date(local.currentPeriodEnd * 1000);
    expect(await runJob(at(-HOUR, trialEnd))).toBe('ran');
    expect((await providerRow(ana)).local.status).toBe('trialing');
    const renewal = at(10 * 60_000, trialEnd);
    expect(await runJob(renewal)).toBe('ran');
    expect(await runJob(renewal)).toBe('already-done');
    const { local: renewed, remote } = await providerRow(ana);
    expect(renewed).toMatchObject({ status: 'active', currentPeriodStart: local.currentPeriodEnd });
    expect(iso(renewed.currentPeriodEnd).slice(0, 10)).toBe(
      iso(Math.floor(new Date(trialEnd).setUTCMonth(trialEnd.getUTCMonth() + 1) / 1000)).slice(0, 10),
    );
    expect(remote.status).toBe('active');
  });

  it('cancel keeps premium to the period end, never charges again, then ends', async () => {
    const { local } = await providerRow(ana);
    const canceled = await post(ana, '/api/billing/cancel-subscription', { subscriptionId: local.id });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json()).toMatchObject({
      status: 'canceled',
      premium: true,
      currentPeriodEnd: local.currentPeriodEnd,
    });
    const again = await post(ana, '/api/billing/cancel-subscription', { subscriptionId: local.id });
    expect([again.statusCode, errorCode(again)]).toEqual([409, 'SUBSCRIPTION_NOT_CANCELABLE']);

    const end = new Date(local.currentPeriodEnd * 1000);
    t.clock.now = at(-60_000, end);
    expect((await status(ana)).premium).toBe(true);
    expect(await runJob(at(-HOUR, end))).toBe('ran');
    expect((await providerRow(ana)).local.status).toBe('canceled');

    t.clock.now = at(60_000, end);
    expect((await status(ana)).premium).toBe(false);
    expect(await runJob(at(5 * 60_000, end))).toBe('ran');
    const { local: over, remote } = await providerRow(ana);
    expect([over.status, remote.status]).toEqual(['expired', 'expired']);
    // Never renewed: the period end is where it was when cancelled.
    expect(over.currentPeriodEnd).toBe(local.currentPeriodEnd);
  });

  it('gives the free week only once: a second purchase is charged at once', async () => {
    const response = await buy(ana, cards.succeeds, '1_year');
    expect(response.statusCode, response.body).toBe(200);
    const { subscription } = response.json();
    expect(subscription).toMatchObject({ planId: '1_year', status: 'active', trialEnd: null, premium: true });
    const days = (subscription.currentPeriodEnd - Math.floor(t.clock.now.getTime() / 1000)) / 86_400;
    expect(days).toBeGreaterThanOrEqual(365);
    expect(days).toBeLessThanOrEqual(366);
  });

  it('charges once when the same learner buys twice at the same moment', async () => {
    const twin = await registerLearner(t.app);
    const answers = await Promise.all([buy(twin, cards.succeeds), buy(twin, cards.succeeds)]);
    expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(errorCode(answers.find((response) => response.statusCode === 409)!)).toBe('ALREADY_PREMIUM');
    const rows = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, twin.userId));
    expect(rows).toHaveLength(1);
  });

  it('and once per card: another learner with the same card pays from the first day', async () => {
    const bo = await registerLearner(t.app);
    expect((await status(bo)).trialAvailable).toBe(true);
    const { subscription } = (await buy(bo, cards.succeeds)).json();
    expect(subscription).toMatchObject({ status: 'active', trialEnd: null });
  });
});

describe('the authentication step (3-D Secure test card)', () => {
  it('waits incomplete and not premium until the learner approves', async () => {
    const cy = await registerLearner(t.app);
    const response = await buy(cy, cards.authenticate);
    expect(response.statusCode, response.body).toBe(200);
    const { subscription, action } = response.json();
    expect(subscription).toMatchObject({ status: 'incomplete', premium: false });
    expect(action).toMatchObject({ kind: 'setup', clientSecret: expect.stringMatching(/^seti_sandbox_/) });
    expect((await status(cy)).premium).toBe(false);

    const wrong = await post(cy, '/api/billing/sandbox/authenticate', {
      clientSecret: 'seti_x',
      approve: true,
    });
    expect(wrong.statusCode).toBe(404);
    const approved = await post(cy, '/api/billing/sandbox/authenticate', {
      clientSecret: action.clientSecret,
      approve: true,
    });
    expect(approved.statusCode, approved.body).toBe(204);
    const refreshed = await post(cy, '/api/billing/subscription', { subscriptionId: subscription.id });
    expect(refreshed.json()).toMatchObject({ status: 'trialing', premium: true });
  });

  it('a refused authentication expires the attempt and leaves the learner free', async () => {
    const di = await registerLearner(t.app);
    const { subscription, action } = (await buy(di, cards.authenticate)).json();
    const refused = await post(di, '/api/billing/sandbox/authenticate', {
      clientSecret: action.clientSecret,
      approve: false,
    });
    expect(refused.statusCode).toBe(204);
    const after = await status(di);
    expect(after).toMatchObject({ premium: false, trialAvailable: true });
    expect(after.subscription).toMatchObject({ id: subscription.id, status: 'expired' });
  });
});

describe('a renewal that fails', () => {
  it('is past_due and premium for the 3-day grace period, then expires', async () => {
    const ed = await registerLearner(t.app);
    const { subscription } = (await buy(ed, cards.renewalsFail)).json();
    expect(subscription.status).toBe('trialing');
    const renewal = new Date(subscription.currentPeriodEnd * 1000);
    expect(await runJob(at(HOUR, renewal))).toBe('ran');
    expect((await providerRow(ed)).local.status).toBe('past_due');
    t.clock.now = at(2 * DAY, renewal);
    expect((await status(ed)).premium).toBe(true);
    expect(await runJob(at(DAY + HOUR, renewal))).toBe('ran');
    expect((await providerRow(ed)).local.status).toBe('past_due');
    t.clock.now = at(3 * DAY, renewal);
    expect((await status(ed)).premium).toBe(false);
    expect(await runJob(at(3 * DAY + HOUR, renewal))).toBe('ran');
    expect((await providerRow(ed)).local.status).toBe('expired');
  });
});

describe('the webhook', () => {
  let fay: SignedIn;
  let providerId: string;
  beforeAll(async () => {
    t.clock.now = new Date();
    fay = await registerLearner(t.app);
    await buy(fay, '5555 5555 5555 4444').then((response) => expect(response.statusCode).toBe(402));
    const bought = await buy(fay, cards.renewalsFail, '3_month');
    expect(bought.statusCode, bought.body).toBe(200);
    providerId = (await providerRow(fay)).local.providerSubscriptionId!;
  });
  const event = (id: string, object: object = {}) => ({
    id,
    object: 'event',
    type: 'customer.subscription.updated',
    created: Math.floor(t.clock.now.getTime() / 1000),
    data: { object: { object: 'subscription', id: providerId, ...object } },
  });
  /** The provider changes its books without telling Parlo (an event that is still on its way). */
  const providerSets = (status: string) =>
    t.database.db.update(sandboxSubscriptions).set({ status }).where(eq(sandboxSubscriptions.id, providerId));

  it('refuses a bad signature with a 400 and changes nothing', async () => {
    await providerSets('canceled');
    const forged = await webhook(event('evt_forged'), 'whsec_someone_else_entirely');
    expect([forged.statusCode, errorCode(forged)]).toEqual([400, 'WEBHOOK_SIGNATURE_INVALID']);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event('evt_unsigned')),
    });
    expect(unsigned.statusCode).toBe(400);
    const stale = await webhook(event('evt_stale'), WEBHOOK_SECRET, at(-HOUR, t.clock.now));
    expect(stale.statusCode).toBe(400);
    // The card had its free week with another learner: paid from the first day.
    expect((await providerRow(fay)).local.status).toBe('active');
  });

  it('applies the same event once', async () => {
    const first = await webhook(event('evt_once'));
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect((await providerRow(fay)).local.status).toBe('canceled');
    await providerSets('active');
    const again = await webhook(event('evt_once'));
    expect(again.json()).toEqual({ received: true, duplicate: true });
    expect((await providerRow(fay)).local.status).toBe('canceled');
  });

  it('ends in the provider’s state whatever order events arrive in', async () => {
    // The provider's truth is 'active'; the older event (a cancellation) arrives after the newer one.
    const newer = await webhook(event('evt_newer', { status: 'active' }));
    expect(newer.statusCode).toBe(200);
    const older = { ...event('evt_older', { status: 'canceled' }), created: 1 };
    expect((await webhook(older)).statusCode).toBe(200);
    expect((await providerRow(fay)).local.status).toBe('active');
    expect((await status(fay)).premium).toBe(true);
  });

  it('ignores events about subscriptions that are not Parlo’s', async () => {
    const response = await webhook({
      ...event('evt_other'),
      data: { object: { object: 'subscription', id: 'sub_x' } },
    });
    expect(response.json()).toEqual({ received: true, duplicate: false });
  });
});

describe('premium in the learning API', () => {
  it('lifts the free-lesson limit at once, decided by the server', async () => {
    const gus = await registerLearner(t.app);
    const drive = learningDriver(t.app, course, gus);
    expect((await drive.selectCourse()).statusCode).toBe(200);
    expect((await drive.chooseLevel('beginning')).statusCode).toBe(200);
    const lessons = course.topics.flatMap((topic) => topic.lessons.filter((lesson) => lesson.type === 0));
    for (const lesson of lessons.slice(0, 2)) {
      expect((await drive.complete(lesson.id, rightAttempts(lesson.exercises))).statusCode).toBe(200);
    }
    const third = lessons[2]!;
    expect((await drive.start(third.id)).json()).toEqual({ access: 'limit', freeLessonsLeft: 0 });
    await providerBuy(gus);
    expect((await drive.start(third.id)).json()).toEqual({ access: 'allowed', freeLessonsLeft: null });
    expect((await drive.complete(third.id, rightAttempts(third.exercises))).json()).toMatchObject({
      committed: true,
    });
    expect(await drive.overview()).toMatchObject({ premium: true, freeLessonsLeft: null });
  });
});

async function providerBuy(learner: SignedIn) {
  const response = await buy(learner, '4000 0000 0000 0341');
  expect(response.statusCode, response.body).toBe(200);
}
