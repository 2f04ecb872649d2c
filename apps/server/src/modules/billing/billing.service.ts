import { randomBytes } from 'node:crypto';
import { periodEnd, plans, TRIAL_DAYS, type PlanId } from '@parlo/core/billing/subscription';
import type { PurchaseQuote, SubscriptionView } from '@parlo/contract/billing';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.ts';
import type { Database } from '../../db/client.ts';
import { paymentProvider } from '../../env.ts';
import { AppError } from '../../lib/app-error.ts';
import type { OutgoingMail } from '../../lib/mailer.ts';
import { subscriptionNews, subscriptionNewsText } from '@parlo/core/billing/subscription-news';
import { addNotificationOnce, notifiedOnce } from '../notifications/notifications.repository.ts';
import { findLearnerLocale, findUserById } from '../users/users.repository.ts';
import {
  findByProviderId,
  rowIsPremium,
  findSubscription,
  hadFreeWeek,
  overdueSubscriptions,
  premiumSubscription,
  recordWebhookEvent,
  storeSubscription,
  subscriptionsOf,
  viewOf,
  type SubscriptionRow,
} from './billing.repository.ts';
import type { PaymentMethodInput, PaymentProvider, ProviderSubscription } from './payment-provider.ts';
import { isReceiptKind, receiptMail } from './receipt-mail.ts';
import { sandboxCustomerId, sandboxProvider, type SandboxProvider } from './sandbox-provider.ts';
import { stripeProvider } from './stripe-provider.ts';

/** One secret per process when none is configured: the sandbox signs and checks its own events. */
const processSandboxSecret = `whsec_sandbox_${randomBytes(24).toString('hex')}`;

export type BillingService = ReturnType<typeof billingService>;

/**
 * Where the receipts a change writes go (issue 29): sent at once, or held by a caller whose transaction
 * must commit first (a mail cannot be taken back when the change is rolled back).
 */
export type ReceiptSink = (mail: OutgoingMail) => void;

export type BillingDeps = Pick<AppDeps, 'env' | 'now'> & { db: Database; receipts?: ReceiptSink };

/**
 * Issue 11: buying, cancelling and reading subscriptions, and applying the provider's webhook events.
 * Built per database handle, so the scheduled job runs it inside its own transaction.
 */
export function billingService(deps: BillingDeps) {
  const { db, env, now } = deps;
  const mode = paymentProvider(env);
  const provider: PaymentProvider | null =
    mode === 'stripe'
      ? stripeProvider(env)
      : mode === 'sandbox'
        ? sandboxProvider({
            db,
            now,
            webhookSecret: env.SANDBOX_WEBHOOK_SECRET ?? processSandboxSecret,
            // The sandbox posts its events to the same handler Stripe's reach over HTTP.
            deliver: async (rawBody, signature) => void (await handleWebhook(rawBody, signature)),
          })
        : null;

  const notFound = () => new AppError(404, 'SUBSCRIPTION_NOT_FOUND', 'No such subscription.');

  /** Issue 29: in production without a provider nothing can be bought, and the API says so. */
  function payments(): PaymentProvider {
    if (!provider) {
      throw new AppError(503, 'SUBSCRIPTIONS_UNAVAILABLE', 'Subscriptions are not available on this server.');
    }
    return provider;
  }

  async function ownSubscription(userId: string, id: string): Promise<SubscriptionRow> {
    const row = await findSubscription(db, id);
    if (!row || row.userId !== userId) throw notFound();
    return row;
  }

  /**
   * Every state the provider reports is stored here, and a change is news for the learner's bell
   * (issue 13). The news is keyed by what changed, so the same state stored again — a redelivered or
   * late event, the hourly job, another instance — adds nothing.
   */
  async function store(
    userId: string,
    subscription: ProviderSubscription,
    cardFingerprint: string | null = null,
  ): Promise<SubscriptionRow> {
    const row = await storeSubscription(db, payments().mode, userId, subscription, now(), cardFingerprint);
    await tellLearner(row);
    return row;
  }

  async function tellLearner(row: SubscriptionRow) {
    const news = subscriptionNews({
      status: row.status as SubscriptionView['status'],
      currentPeriodEnd: row.currentPeriodEnd,
    });
    if (!news) return;
    const about = `subscription:${row.id}:`;
    // An attempt that never started (authentication refused) ends without the learner having had anything.
    if (news.kind === 'ended' && !(await notifiedOnce(db, row.userId, about))) return;
    const { uiLanguage, timeZone } = await findLearnerLocale(db, row.userId);
    const text = subscriptionNewsText(uiLanguage, timeZone, news.kind, row.currentPeriodEnd);
    const added = await addNotificationOnce(db, row.userId, `${about}${news.key}`, text, now());
    // The mail goes with the bell's news, so it is sent once per change as the news is said once.
    if (added && deps.receipts && isReceiptKind(news.kind)) {
      const user = await findUserById(db, row.userId);
      if (!user) return;
      const mail = receiptMail({
        kind: news.kind,
        name: user.emailVerifiedAt === null ? null : user.name,
        planId: row.planId as PlanId,
        currentPeriodEnd: row.currentPeriodEnd,
        language: uiLanguage,
        timeZone,
        appUrl: new URL('/dashboard', env.PUBLIC_URL).toString(),
      });
      deps.receipts({ to: user.email, ...mail });
    }
  }

  /** Re-reads a subscription from the provider and stores what it says now. */
  async function sync(row: SubscriptionRow): Promise<SubscriptionRow> {
    if (!row.providerSubscriptionId || !provider || row.provider !== provider.mode) return row;
    const current = await provider.retrieveSubscription(row.providerSubscriptionId);
    if (!current) return row;
    return store(row.userId, current);
  }

  async function handleWebhook(rawBody: Buffer, signature: string | undefined) {
    const event = payments().verifyWebhook(rawBody, signature);
    if (!(await recordWebhookEvent(db, event, now()))) return { received: true as const, duplicate: true };
    if (event.subscriptionId) {
      const row = await findByProviderId(db, payments().mode, event.subscriptionId);
      // Not Parlo's (another app on the same Stripe account), or ours before create-customer stored it:
      // the purchase itself stores it then.
      if (row) await sync(row);
    }
    return { received: true as const, duplicate: false };
  }

  return {
    provider,

    async status(userId: string) {
      const rows = await subscriptionsOf(db, userId);
      const at = now();
      const premium = await premiumSubscription(db, userId, at);
      const shown = premium ?? rows[0] ?? null;
      return {
        mode: provider?.mode ?? null,
        publishableKey: provider?.publishableKey ?? null,
        premium: premium !== null,
        trialAvailable: !(await hadFreeWeek(db, userId, null)),
        subscription: shown ? viewOf(shown, at) : null,
      };
    },

    /**
     * Issue 29: what buying `planId` costs now, decided here and shown by the form before anything is paid.
     * With a card, the card's own free week counts too (its fingerprint, where the provider tells it).
     */
    async quote(userId: string, planId: PlanId, paymentMethod?: PaymentMethodInput): Promise<PurchaseQuote> {
      const provider = payments();
      const fingerprint = paymentMethod ? (await provider.describeCard(paymentMethod)).fingerprint : null;
      return quoteFor(planId, !(await hadFreeWeek(db, userId, fingerprint)), now());
    },

    async createCustomer(
      userId: string,
      planId: PlanId,
      paymentMethod: PaymentMethodInput,
      promisedFreeWeek: boolean,
    ) {
      const provider = payments();
      if (typeof paymentMethod !== 'string' && provider.mode === 'stripe') {
        // The card never reaches Parlo with Stripe: Stripe.js sends it to Stripe and gives us an id.
        throw new AppError(400, 'CARD_DATA_NOT_ACCEPTED', 'Card details go to Stripe, not to Parlo.');
      }
      if (await premiumSubscription(db, userId, now())) {
        throw new AppError(409, 'ALREADY_PREMIUM', 'You already have Premium.');
      }
      const user = await findUserById(db, userId);
      if (!user) throw new AppError(401, 'UNAUTHORIZED', 'Sign in to continue.');
      const card = await provider.describeCard(paymentMethod);
      const freeWeekLeft = !(await hadFreeWeek(db, userId, card.fingerprint));
      // The form said "free for 7 days": a learner or card that had the week is not charged instead.
      if (promisedFreeWeek && !freeWeekLeft) {
        throw new AppError(
          409,
          'FREE_WEEK_USED',
          'This account or card already had its free week: nothing was charged.',
        );
      }
      // An earlier attempt left waiting for its authentication step is given up for this one.
      for (const row of await subscriptionsOf(db, userId)) {
        if (row.status === 'incomplete' && row.providerSubscriptionId) {
          await provider.abandon(row.providerSubscriptionId);
          await sync(row);
        }
      }
      const created = await provider.createSubscription({
        userId,
        email: user.email,
        planId,
        paymentMethod,
        // The learner agreed to what the form showed: a payment today stays a payment today.
        trial: promisedFreeWeek,
      });
      const row = await store(userId, created, card.fingerprint);
      return { subscription: viewOf(row, now()), action: created.action };
    },

    async refresh(userId: string, id: string): Promise<SubscriptionView> {
      return viewOf(await sync(await ownSubscription(userId, id)), now());
    },

    async cancel(userId: string, id: string): Promise<SubscriptionView> {
      const row = await sync(await ownSubscription(userId, id));
      if (!['trialing', 'active', 'past_due'].includes(row.status) || !row.providerSubscriptionId) {
        throw new AppError(409, 'SUBSCRIPTION_NOT_CANCELABLE', 'This subscription does not renew.');
      }
      const canceled = await payments().cancelAtPeriodEnd(row.providerSubscriptionId);
      return viewOf(await store(userId, canceled), now());
    },

    /** Issue 29: a cancellation taken back while Premium still runs; the subscription renews again. */
    async resume(userId: string, id: string): Promise<SubscriptionView> {
      const provider = payments();
      const row = await sync(await ownSubscription(userId, id));
      if (row.status !== 'canceled' || !rowIsPremium(row, now()) || !row.providerSubscriptionId) {
        throw new AppError(409, 'SUBSCRIPTION_NOT_RESUMABLE', 'This subscription cannot be resumed.');
      }
      return viewOf(await store(userId, await provider.resume(row.providerSubscriptionId)), now());
    },

    /**
     * Issue 29: another card from now on (after a failed payment, or before a renewal). A renewal that
     * failed is charged to the new card at once; a refusal leaves the old card and says so (402).
     */
    async changeCard(userId: string, id: string, paymentMethod: PaymentMethodInput) {
      const provider = payments();
      const row = await sync(await ownSubscription(userId, id));
      if (!['trialing', 'active', 'past_due'].includes(row.status) || !row.providerSubscriptionId) {
        throw new AppError(409, 'CARD_NOT_CHANGEABLE', 'This subscription takes no more payments.');
      }
      const card = await provider.describeCard(paymentMethod);
      const changed = await provider.changeCard(row.providerSubscriptionId, paymentMethod);
      return viewOf(await store(userId, changed, card.fingerprint), now());
    },

    /**
     * Sandbox mode only: the learner's answer to the test card's authentication step. A refusal is an
     * answer too (204): the subscription expires unpaid and the form says the payment was not authenticated.
     */
    async sandboxAuthenticate(userId: string, clientSecret: string, approve: boolean) {
      if (provider?.mode !== 'sandbox') throw new AppError(404, 'NOT_FOUND', 'Not found.');
      const result = await (provider as SandboxProvider).authenticate(
        sandboxCustomerId(userId),
        clientSecret,
        approve,
      );
      // The sandbox's event already updated Parlo's copy; this read covers a delivery that failed.
      const row = await findByProviderId(db, 'sandbox', result.id);
      if (row) await sync(row);
    },

    handleWebhook,

    /** The scheduled job (ADR 004): renewals, retries and ends that are due, then Parlo's copy updated. */
    async processDue(at: Date) {
      if (!provider) return { changed: 0, updated: 0 };
      const changed = await provider.processDue(at, await overdueSubscriptions(db, provider.mode, at));
      let updated = 0;
      for (const id of changed) {
        const row = await findByProviderId(db, provider.mode, id);
        if (row) {
          await sync(row);
          updated += 1;
        }
      }
      return { changed: changed.length, updated };
    },
  };
}

/** What a purchase costs when it starts at `at`, with or without the free week. */
export function quoteFor(planId: PlanId, freeWeek: boolean, at: Date): PurchaseQuote {
  const plan = plans[planId];
  const firstChargeMs = freeWeek ? at.getTime() + TRIAL_DAYS * 86_400_000 : at.getTime();
  return {
    planId,
    freeWeek,
    priceCents: plan.priceCents,
    currency: plan.currency,
    firstChargeAt: Math.floor(firstChargeMs / 1000),
    renewsAt: periodEnd(firstChargeMs, plan.months),
  };
}

/**
 * A purchase, one at a time per learner: a double click or two devices buying at once would otherwise both
 * pass the "already premium" check and charge twice. The second waits for the first and is refused. Its
 * receipt is sent once the purchase is committed.
 */
export async function purchase(
  deps: Pick<AppDeps, 'env' | 'now'> & { db: Database; receipts?: ReceiptSink },
  userId: string,
  request: { planId: PlanId; paymentMethod: PaymentMethodInput; freeWeek: boolean },
) {
  const held: OutgoingMail[] = [];
  const result = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`purchase:${userId}`}))`);
    return billingService({ ...deps, db: tx, receipts: (mail) => held.push(mail) }).createCustomer(
      userId,
      request.planId,
      request.paymentMethod,
      request.freeWeek,
    );
  });
  for (const mail of held) deps.receipts?.(mail);
  return result;
}
