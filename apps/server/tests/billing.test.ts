import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, sandboxSubscriptions, settings, subscriptions } from '../src/db/schema.ts';
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

describe('the bell hears of each subscription change once (issue 13)', () => {
  // The test cards had their free weeks above: here they are new cards again.
  beforeAll(() => t.database.db.update(subscriptions).set({ cardFingerprint: null }));
  /** The learner's bell, oldest first (the list is newest first). */
  const bell = async (learner: SignedIn) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: learner.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { notifications: Array<{ content: string }> }).notifications
      .map((notification) => notification.content)
      .reverse();
  };
  const learnerIn = async (uiLanguage: string, timeZone: string) => {
    const learner = await registerLearner(t.app);
    await t.database.db
      .update(settings)
      .set({ uiLanguage, timeZone })
      .where(eq(settings.userId, learner.userId));
    return learner;
  };
  const day = (language: string, timeZone: string, seconds: number) =>
    new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(
      new Date(seconds * 1000),
    );
  const event = (id: string, providerId: string, created = Math.floor(t.clock.now.getTime() / 1000)) => ({
    id,
    object: 'event',
    type: 'customer.subscription.updated',
    created,
    data: { object: { object: 'subscription', id: providerId } },
  });

  it('free week, renewal, cancellation and end: one notification each, in German, dates on the learner’s day', async () => {
    t.clock.now = new Date('2026-03-01T22:30:00Z');
    const zone = 'Asia/Tokyo'; // already 2 March there: the dates are Tokyo's
    const gil = await learnerIn('de', zone);
    expect((await buy(gil, cards.succeeds)).statusCode).toBe(200);
    const { local: trial } = await providerRow(gil);
    expect(await bell(gil)).toEqual([
      `Deine kostenlose Woche hat begonnen: Premium bis ${day('de', zone, trial.currentPeriodEnd)}.`,
    ]);
    expect(day('de', zone, trial.currentPeriodEnd)).toBe('9. März 2026');

    // The renewal: the job twice in its slot, then again an hour later, and the provider's event redelivered.
    const renewal = at(10 * 60_000, new Date(trial.currentPeriodEnd * 1000));
    await runJob(renewal);
    await runJob(renewal);
    await runJob(at(HOUR, renewal));
    const { local: renewed } = await providerRow(gil);
    expect(renewed.status).toBe('active');
    const providerId = renewed.providerSubscriptionId!;
    t.clock.now = at(2 * HOUR, renewal);
    for (const id of ['evt_gil_1', 'evt_gil_1', 'evt_gil_2']) await webhook(event(id, providerId));
    // An old event arriving last changes nothing either.
    await webhook(event('evt_gil_old', providerId, 1));
    expect(await bell(gil)).toHaveLength(2);
    expect((await bell(gil))[1]).toBe(
      `Premium ist aktiv: die nächste Verlängerung ist am ${day('de', zone, renewed.currentPeriodEnd)}.`,
    );

    const canceled = await post(gil, '/api/billing/cancel-subscription', { subscriptionId: renewed.id });
    expect(canceled.statusCode, canceled.body).toBe(200);
    await post(gil, '/api/billing/subscription', { subscriptionId: renewed.id });
    await webhook(event('evt_gil_3', providerId));
    const end = new Date(renewed.currentPeriodEnd * 1000);
    await runJob(at(-HOUR, end));
    expect((await bell(gil)).slice(2)).toEqual([
      `Premium ist gekündigt und bleibt dir bis ${day('de', zone, renewed.currentPeriodEnd)}.`,
    ]);

    await runJob(at(5 * 60_000, end));
    await runJob(at(HOUR + 5 * 60_000, end));
    await webhook(event('evt_gil_4', providerId));
    expect((await providerRow(gil)).local.status).toBe('expired');
    expect((await bell(gil)).slice(3)).toEqual(['Dein Premium ist abgelaufen.']);
  });

  it('a failed renewal is said once through its retries, then the end once; in Russian', async () => {
    t.clock.now = new Date('2026-05-10T09:00:00Z');
    const ivan = await learnerIn('ru', 'Europe/Moscow');
    await buy(ivan, cards.renewalsFail);
    const { local } = await providerRow(ivan);
    const renewal = new Date(local.currentPeriodEnd * 1000);
    await runJob(at(HOUR, renewal));
    await runJob(at(DAY + HOUR, renewal));
    await runJob(at(2 * DAY + HOUR, renewal));
    expect((await providerRow(ivan)).local.status).toBe('past_due');
    await runJob(at(3 * DAY + HOUR, renewal));
    expect((await providerRow(ivan)).local.status).toBe('expired');
    expect(await bell(ivan)).toEqual([
      `Ваша бесплатная неделя началась: Premium до ${day('ru', 'Europe/Moscow', local.currentPeriodEnd)}`,
      'Оплата Premium не прошла. Проверьте карту: мы попробуем ещё раз.',
      'Ваш Premium закончился.',
    ]);
  });

  it('two instances storing the same change at once say it once', async () => {
    t.clock.now = new Date();
    const jo = await learnerIn('ar', 'Asia/Riyadh');
    await buy(jo, cards.succeeds);
    const { local } = await providerRow(jo);
    await t.database.db
      .update(sandboxSubscriptions)
      .set({ status: 'canceled' })
      .where(eq(sandboxSubscriptions.id, local.providerSubscriptionId!));
    const reads = await Promise.all(
      [1, 2, 3, 4].map(() => post(jo, '/api/billing/subscription', { subscriptionId: local.id })),
    );
    expect(reads.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    const said = await bell(jo);
    expect(said).toHaveLength(2);
    expect(said[1]).toBe(
      `أُلغي اشتراك Premium ويبقى متاحًا لك حتى ${day('ar', 'Asia/Riyadh', local.currentPeriodEnd)}.`,
    );
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.userId, jo.userId));
    expect(rows).toHaveLength(2);
  });

  it('an attempt that never started (authentication refused) says nothing', async () => {
    const kim = await registerLearner(t.app);
    const { action } = (await buy(kim, cards.authenticate)).json();
    await post(kim, '/api/billing/sandbox/authenticate', {
      clientSecret: action.clientSecret,
      approve: false,
    });
    expect((await status(kim)).subscription.status).toBe('expired');
    expect(await bell(kim)).toEqual([]);
  });
});
