import { periodEnd, type PlanId } from '@parlo/core/billing/subscription';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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
import { health } from '@parlo/contract/health';
import { notifications as notificationsCall } from '@parlo/contract/notifications';
import { notifications, sandboxSubscriptions, settings, subscriptions } from '../src/db/schema.ts';
import { billingJob } from '../src/jobs/billing.job.ts';
import { signPayload } from '../src/modules/billing/payment-provider.ts';
import { seedTestCourse, type SeededCourse } from './factories/course.factory.ts';
import { learningDriver, rightAttempts } from './factories/learning-driver.ts';
import {
  confirmEmail,
  createTestApp,
  errorCode,
  registerLearner,
  verifyLinkToken,
  type SignedIn,
  type TestApp,
} from './helper.ts';
import { injectCall } from './support/inject-call.ts';

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

/** What the form does (issue 29): the server's quote for this card first, then the purchase it showed. */
const buy = async (learner: SignedIn, number: string, planId: PlanId = '1_month') => {
  const quote = await injectCall(t.app, billingQuote, {
    headers: learner.headers,
    body: { planId, paymentMethod: { number, ...CARD } },
  });
  const freeWeek = quote.statusCode === 200 && quote.data.freeWeek;
  return buyPromising(learner, number, freeWeek, planId);
};
/** A purchase as a form that promised `freeWeek` sends it. */
const buyPromising = (learner: SignedIn, number: string, freeWeek: boolean, planId: PlanId = '1_month') =>
  injectCall(t.app, createCustomer, {
    headers: learner.headers,
    body: {
      planId,
      paymentMethod: { number, ...CARD },
      freeWeek,
    },
  });
const status = async (learner: SignedIn) => {
  const response = await injectCall(t.app, billingStatus, { headers: learner.headers });
  expect(response.statusCode, response.body).toBe(200);
  // The body as sent: the tests compare it whole (`toEqual`), which the parsed data would not let fail on
  // a key the schema drops.
  return response.json();
};
/** The hourly job, its receipts (issue 29) going where the app's mails go. */
const runJob = (at: Date) =>
  billingJob(t.env).run(t.database.db, at, {
    log: t.app.log,
    mail: { mailer: { send: async (mail) => void t.mails.push(mail) }, publicUrl: t.env.PUBLIC_URL },
  });
const at = (offsetMs: number, from: Date) => new Date(from.getTime() + offsetMs);
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

function webhook(payload: object, secret = WEBHOOK_SECRET, when = t.clock.now) {
  const body = JSON.stringify(payload);
  // The JSON text itself, as signed: the signature is over these exact bytes.
  return injectCall(t.app, billingWebhook, {
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signPayload(body, secret, Math.floor(when.getTime() / 1000)),
    },
    body,
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
    const policy = String((await injectCall(t.app, health)).headers['content-security-policy']);
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
    const expired = await injectCall(t.app, createCustomer, {
      headers: ana.headers,
      body: {
        planId: '1_month',
        paymentMethod: { number: cards.succeeds, expMonth: 1, expYear: 2020, cvc: '123' },
        freeWeek: true,
      },
    });
    expect([expired.statusCode, errorCode(expired)]).toEqual([400, 'card-expiry-invalid']);
    const cvc = await injectCall(t.app, createCustomer, {
      headers: ana.headers,
      body: {
        planId: '1_month',
        paymentMethod: { number: cards.succeeds, ...CARD, cvc: '12' },
        freeWeek: true,
      },
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
      iso(periodEnd(trialEnd.getTime(), 1)).slice(0, 10),
    );
    expect(remote.status).toBe('active');
  });

  it('cancel keeps premium to the period end, never charges again, then ends', async () => {
    const { local } = await providerRow(ana);
    const canceled = await injectCall(t.app, cancelSubscription, {
      headers: ana.headers,
      body: { subscriptionId: local.id },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json()).toMatchObject({
      status: 'canceled',
      premium: true,
      currentPeriodEnd: local.currentPeriodEnd,
    });
    const again = await injectCall(t.app, cancelSubscription, {
      headers: ana.headers,
      body: { subscriptionId: local.id },
    });
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

    const wrong = await injectCall(t.app, sandboxAuthenticate, {
      headers: cy.headers,
      body: {
        clientSecret: 'seti_x',
        approve: true,
      },
    });
    expect(wrong.statusCode).toBe(404);
    const approved = await injectCall(t.app, sandboxAuthenticate, {
      headers: cy.headers,
      body: {
        clientSecret: action.clientSecret,
        approve: true,
      },
    });
    expect(approved.statusCode, approved.body).toBe(204);
    const refreshed = await injectCall(t.app, refreshSubscription, {
      headers: cy.headers,
      body: { subscriptionId: subscription.id },
    });
    expect(refreshed.json()).toMatchObject({ status: 'trialing', premium: true });
  });

  it('a refused authentication expires the attempt and leaves the learner free', async () => {
    const di = await registerLearner(t.app);
    const { subscription, action } = (await buy(di, cards.authenticate)).json();
    const refused = await injectCall(t.app, sandboxAuthenticate, {
      headers: di.headers,
      body: {
        clientSecret: action.clientSecret,
        approve: false,
      },
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
    const unsigned = await injectCall(t.app, billingWebhook, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event('evt_unsigned')),
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
    const response = await injectCall(t.app, notificationsCall, { headers: learner.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.data.notifications.map((notification) => notification.content).reverse();
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

    const canceled = await injectCall(t.app, cancelSubscription, {
      headers: gil.headers,
      body: { subscriptionId: renewed.id },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    await injectCall(t.app, refreshSubscription, {
      headers: gil.headers,
      body: { subscriptionId: renewed.id },
    });
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
      [1, 2, 3, 4].map(() =>
        injectCall(t.app, refreshSubscription, { headers: jo.headers, body: { subscriptionId: local.id } }),
      ),
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
    await injectCall(t.app, sandboxAuthenticate, {
      headers: kim.headers,
      body: {
        clientSecret: action.clientSecret,
        approve: false,
      },
    });
    expect((await status(kim)).subscription.status).toBe('expired');
    expect(await bell(kim)).toEqual([]);
  });
});

describe('issue 29: money and promises', () => {
  // Earlier tests used the test cards' free weeks: here they are new cards again, until a test uses one.
  beforeEach(async () => {
    t.clock.now = new Date();
    await t.database.db.update(subscriptions).set({ cardFingerprint: null });
    t.mails.length = 0;
  });
  const now = () => Math.floor(t.clock.now.getTime() / 1000);
  const quote = (learner: SignedIn, planId: PlanId, number?: string) =>
    injectCall(t.app, billingQuote, {
      headers: learner.headers,
      body: {
        planId,
        ...(number ? { paymentMethod: { number, ...CARD } } : {}),
      },
    });
  // The receipts, not the sign-up's confirmation mail.
  const mailsTo = (learner: SignedIn) =>
    t.mails.filter((mail) => mail.to === learner.email && !verifyLinkToken(mail.text));
  const learnerIn = async (uiLanguage: string, overrides: Record<string, unknown> = {}) => {
    const learner = await registerLearner(t.app, overrides);
    await t.database.db.update(settings).set({ uiLanguage }).where(eq(settings.userId, learner.userId));
    return learner;
  };

  it('quotes the free week from the server, and the card’s own week too', async () => {
    const ada = await registerLearner(t.app);
    const forLearner = await quote(ada, '1_month');
    expect(forLearner.statusCode, forLearner.body).toBe(200);
    expect(forLearner.json()).toEqual({
      planId: '1_month',
      freeWeek: true,
      priceCents: 599,
      currency: 'EUR',
      firstChargeAt: now() + 7 * 86_400,
      renewsAt: expect.any(Number),
    });
    // Another learner had the free week with this card: the card is quoted at its price, charged today.
    const other = await registerLearner(t.app);
    expect((await buy(other, cards.succeeds)).json().subscription.status).toBe('trialing');
    const withCard = (await quote(ada, '3_month', cards.succeeds)).json();
    expect(withCard).toMatchObject({ freeWeek: false, priceCents: 899, firstChargeAt: now() });
    // Three calendar months on, clamped to the month's last day (29 November → 28 February: core's periodEnd).
    expect(iso(withCard.renewsAt).slice(0, 10)).toBe(iso(periodEnd(t.clock.now.getTime(), 3)).slice(0, 10));
    const bad = await quote(ada, '1_month', '4242 4242 4242 4241');
    expect([bad.statusCode, errorCode(bad)]).toEqual([400, 'card-number-invalid']);
  });

  it('never charges a card that had its week when the form promised it free', async () => {
    const first = await registerLearner(t.app);
    await buy(first, cards.succeeds);
    const second = await registerLearner(t.app);
    expect((await status(second)).trialAvailable).toBe(true);
    const refused = await buyPromising(second, cards.succeeds, true);
    expect([refused.statusCode, errorCode(refused)]).toEqual([409, 'FREE_WEEK_USED']);
    const rows = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, second.userId));
    expect(rows).toEqual([]);
    expect(await status(second)).toMatchObject({ premium: false, subscription: null });
    // Shown the price, the learner pays it.
    const paid = await buyPromising(second, cards.succeeds, false);
    expect(paid.json().subscription).toMatchObject({ status: 'active', trialEnd: null, premium: true });
  });

  it('never gives the week twice to a learner, whatever the form says', async () => {
    const bea = await registerLearner(t.app);
    const { subscription } = (await buy(bea, cards.succeeds)).json();
    await injectCall(t.app, cancelSubscription, {
      headers: bea.headers,
      body: { subscriptionId: subscription.id },
    });
    t.clock.now = at(8 * DAY, t.clock.now);
    await runJob(t.clock.now);
    expect(await status(bea)).toMatchObject({ premium: false, trialAvailable: false });
    expect((await quote(bea, '1_month')).json()).toMatchObject({ freeWeek: false });
    await t.database.db.update(subscriptions).set({ cardFingerprint: null });
    const refused = await buyPromising(bea, cards.succeeds, true);
    expect([refused.statusCode, errorCode(refused)]).toEqual([409, 'FREE_WEEK_USED']);
  });

  it('a cancelled subscription tells its days left and can be resumed until its end', async () => {
    const cal = await registerLearner(t.app);
    const { subscription } = (await buyPromising(cal, cards.succeeds, false)).json();
    expect(subscription.daysLeft).toBeNull();
    t.clock.now = at(3 * DAY + HOUR, t.clock.now);
    const canceled = (
      await injectCall(t.app, cancelSubscription, {
        headers: cal.headers,
        body: { subscriptionId: subscription.id },
      })
    ).json();
    const expectedDays = Math.ceil((subscription.currentPeriodEnd - now()) / 86_400);
    expect(canceled).toMatchObject({ status: 'canceled', premium: true, daysLeft: expectedDays });
    expect((await status(cal)).subscription.daysLeft).toBe(expectedDays);

    // Buying again is refused (Premium runs); resuming is the way back.
    expect(errorCode(await buyPromising(cal, cards.succeeds, false))).toBe('ALREADY_PREMIUM');
    const resumed = await injectCall(t.app, resumeSubscription, {
      headers: cal.headers,
      body: { subscriptionId: subscription.id },
    });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toMatchObject({
      status: 'active',
      premium: true,
      daysLeft: null,
      currentPeriodEnd: subscription.currentPeriodEnd,
    });
    const again = await injectCall(t.app, resumeSubscription, {
      headers: cal.headers,
      body: { subscriptionId: subscription.id },
    });
    expect([again.statusCode, errorCode(again)]).toEqual([409, 'SUBSCRIPTION_NOT_RESUMABLE']);
    // It renews at its end again.
    await runJob(at(10 * 60_000, new Date(subscription.currentPeriodEnd * 1000)));
    expect((await providerRow(cal)).local).toMatchObject({ status: 'active' });
    expect((await providerRow(cal)).local.currentPeriodEnd).toBeGreaterThan(subscription.currentPeriodEnd);
  });

  it('a cancellation is not resumed once its period is over', async () => {
    const dan = await registerLearner(t.app);
    const { subscription } = (await buyPromising(dan, cards.succeeds, false)).json();
    await injectCall(t.app, cancelSubscription, {
      headers: dan.headers,
      body: { subscriptionId: subscription.id },
    });
    t.clock.now = new Date((subscription.currentPeriodEnd + 60) * 1000);
    const late = await injectCall(t.app, resumeSubscription, {
      headers: dan.headers,
      body: { subscriptionId: subscription.id },
    });
    expect([late.statusCode, errorCode(late)]).toEqual([409, 'SUBSCRIPTION_NOT_RESUMABLE']);
    expect((await status(dan)).premium).toBe(false);
  });

  it('after a failed payment another card pays at once; a declined one changes nothing', async () => {
    t.clock.now = at(15 * HOUR, t.clock.now);
    const eve = await registerLearner(t.app);
    const { subscription } = (await buyPromising(eve, cards.renewalsFail, false)).json();
    await runJob(at(HOUR, new Date(subscription.currentPeriodEnd * 1000)));
    t.clock.now = at(2 * HOUR, new Date(subscription.currentPeriodEnd * 1000));
    expect((await status(eve)).subscription).toMatchObject({ status: 'past_due', cardLast4: '0341' });

    const change = (number: string) =>
      injectCall(t.app, changeCard, {
        headers: eve.headers,
        body: {
          subscriptionId: subscription.id,
          paymentMethod: { number, ...CARD },
        },
      });
    const declined = await change(cards.declined);
    expect([declined.statusCode, errorCode(declined)]).toEqual([402, 'CARD_DECLINED']);
    expect((await status(eve)).subscription).toMatchObject({ status: 'past_due', cardLast4: '0341' });

    const changed = await change(cards.succeeds);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ status: 'active', premium: true, cardLast4: '4242' });
    expect(changed.json().currentPeriodEnd).toBeGreaterThan(subscription.currentPeriodEnd);
    // The next renewal is charged to the new card: it goes through.
    await runJob(at(10 * 60_000, new Date(changed.json().currentPeriodEnd * 1000)));
    expect((await providerRow(eve)).local.status).toBe('active');
  });

  it('after a failed payment the learner can cancel: Premium ends where the paid period ended', async () => {
    // The job runs once per hour slot: this learner's renewal falls in an hour no other test uses.
    t.clock.now = at(5 * HOUR, t.clock.now);
    const fin = await registerLearner(t.app);
    const { subscription } = (await buyPromising(fin, cards.renewalsFail, false)).json();
    await runJob(at(HOUR, new Date(subscription.currentPeriodEnd * 1000)));
    t.clock.now = at(2 * HOUR, new Date(subscription.currentPeriodEnd * 1000));
    const canceled = await injectCall(t.app, cancelSubscription, {
      headers: fin.headers,
      body: { subscriptionId: subscription.id },
    });
    expect(canceled.json()).toMatchObject({ status: 'expired', premium: false });
  });

  it('mails a receipt for the purchase, the renewal, the failed payment and the cancellation, in Russian', async () => {
    t.clock.now = at(10 * HOUR, t.clock.now);
    const gala = await learnerIn('ru', { name: 'Галина' });
    const { subscription } = (await buyPromising(gala, cards.renewalsFail, false)).json();
    // Not confirmed yet: the mail quotes nothing the account holder typed (issue 30 item 14).
    expect(mailsTo(gala)[0]!.text.startsWith('Здравствуйте!\n')).toBe(true);
    expect(mailsTo(gala)[0]!.text).not.toContain('Галина');
    expect(mailsTo(gala).map((mail) => [mail.subject, mail.language])).toEqual([
      ['Квитанция Parlo Premium', 'ru'],
    ]);
    expect(mailsTo(gala)[0]!.text).toContain('Оплачено: 5,99');
    expect(mailsTo(gala)[0]!.html).toContain('dir="ltr"');

    // The renewal fails (the card's behaviour), is retried, and a new card pays it.
    const renewal = new Date(subscription.currentPeriodEnd * 1000);
    await runJob(at(HOUR, renewal));
    await runJob(at(DAY + HOUR, renewal));
    t.clock.now = at(DAY + 2 * HOUR, renewal);
    await injectCall(t.app, changeCard, {
      headers: gala.headers,
      body: {
        subscriptionId: subscription.id,
        paymentMethod: { number: cards.succeeds, ...CARD },
      },
    });
    const view = (await status(gala)).subscription;
    await injectCall(t.app, cancelSubscription, {
      headers: gala.headers,
      body: { subscriptionId: subscription.id },
    });
    expect(mailsTo(gala).map((mail) => mail.subject)).toEqual([
      'Квитанция Parlo Premium',
      'Оплата Parlo Premium не прошла',
      'Квитанция Parlo Premium',
      'Ваш Parlo Premium отменён',
    ]);
    const ends = day('ru', 'UTC', view.currentPeriodEnd);
    expect(mailsTo(gala)[3]!.text).toContain(`Premium отменён и останется у вас до ${ends}`);
    // Said once: the same state read again sends nothing more.
    await injectCall(t.app, refreshSubscription, {
      headers: gala.headers,
      body: { subscriptionId: subscription.id },
    });
    expect(mailsTo(gala)).toHaveLength(4);
  });

  it('mails the start of a free week with its first charge, in Arabic', async () => {
    const hala = await learnerIn('ar', { name: 'هالة' });
    await confirmEmail(t, hala);
    const { subscription } = (await buyPromising(hala, cards.succeeds, true)).json();
    expect(subscription.status).toBe('trialing');
    const [mail] = mailsTo(hala);
    expect(mail).toMatchObject({ subject: 'بدأ أسبوعك المجاني في Parlo', language: 'ar' });
    expect(mail!.html).toContain('dir="rtl"');
    expect(mail!.text).toContain('لم يُخصم أي مبلغ اليوم');
    // A confirmed address is greeted by name.
    expect(mail!.text.startsWith('مرحبًا هالة،')).toBe(true);
  });

  const day = (language: string, timeZone: string, seconds: number) =>
    new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(
      new Date(seconds * 1000),
    );
});
