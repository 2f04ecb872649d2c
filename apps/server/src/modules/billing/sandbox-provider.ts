import { createHash, randomBytes } from 'node:crypto';
import { cardDigits, cardProblem } from '@parlo/core/billing/card';
import {
  advance,
  dueEvent,
  newSubscription,
  type LifecycleEvent,
  type LifecycleSubscription,
} from '@parlo/core/billing/subscription-lifecycle';
import type { PlanId, SubscriptionStatus } from '@parlo/core/billing/subscription';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sandboxSubscriptions } from '../../db/schema.ts';
import { AppError, errors } from '../../lib/app-error.ts';
import {
  declined,
  signatureInvalid,
  signPayload,
  verifySignature,
  type PaymentProvider,
  type ProviderSubscription,
} from './payment-provider.ts';

/**
 * What a test card does (the numbers Stripe's test mode uses, so a tester needs to learn them once):
 * charged at once, charged after an authentication step, declined, or accepted and then failing on
 * renewal (to try the grace period). Any other number is refused, as Stripe's test mode does.
 */
type CardBehaviour = 'succeeds' | 'authenticate' | 'declined' | 'renewals-fail';
export const sandboxTestCards: Readonly<Record<string, CardBehaviour>> = {
  '4242424242424242': 'succeeds',
  '4000002760003184': 'authenticate',
  '4000000000000002': 'declined',
  '4000000000000341': 'renewals-fail',
};

type Row = typeof sandboxSubscriptions.$inferSelect;

export interface SandboxDeps {
  db: Database;
  now: () => Date;
  webhookSecret: string;
  /** Posts a signed event to Parlo's webhook handler, as Stripe would post it over HTTP. */
  deliver: (rawBody: Buffer, signature: string) => Promise<void>;
}

export interface SandboxProvider extends PaymentProvider {
  /** The stand-in for the bank's 3-D Secure page: approves or refuses a pending authentication. */
  authenticate(customerId: string, clientSecret: string, approve: boolean): Promise<ProviderSubscription>;
}

export function sandboxCustomerId(userId: string): string {
  return `cus_sandbox_${userId.replace(/-/g, '')}`;
}

function lifecycleOf(row: Row): LifecycleSubscription {
  return {
    planId: row.planId as PlanId,
    status: row.status as SubscriptionStatus,
    currentPeriodStart: row.currentPeriodStart,
    currentPeriodEnd: row.currentPeriodEnd,
    trialEnd: row.trialEnd,
  };
}

function toProvider(row: Row): ProviderSubscription {
  return {
    id: row.id,
    customerId: row.customerId,
    planId: row.planId as PlanId,
    status: row.status as SubscriptionStatus,
    currentPeriodStart: row.currentPeriodStart,
    currentPeriodEnd: row.currentPeriodEnd,
    trialEnd: row.trialEnd,
    cardLast4: row.cardLast4,
    action: row.pendingClientSecret
      ? { kind: row.trialPending ? 'setup' : 'payment', clientSecret: row.pendingClientSecret }
      : null,
  };
}

function cardOf(paymentMethod: Parameters<PaymentProvider['describeCard']>[0], now: number) {
  if (typeof paymentMethod === 'string') {
    throw new AppError(400, 'VALIDATION_FAILED', 'Test mode takes the card number, expiry and CVC.');
  }
  const problem = cardProblem(paymentMethod, now);
  if (problem) throw errors.validation(problem, sandboxCardMessages[problem]);
  const digits = cardDigits(paymentMethod.number);
  return {
    digits,
    last4: digits.slice(-4),
    fingerprint: createHash('sha256').update(`parlo-sandbox-card:${digits}`).digest('hex').slice(0, 16),
  };
}

const sandboxCardMessages = {
  'card-number-invalid': 'The card number is not valid.',
  'card-expiry-invalid': 'The expiry date is not valid or has passed.',
  'card-cvc-invalid': 'The CVC is not valid.',
} as const;

/**
 * Parlo's own payment provider for development, demos and tests (no keys needed). It keeps its books in
 * `sandbox_subscriptions`, runs them through core's lifecycle, and tells Parlo about every change with a
 * signed event posted to the same webhook handler Stripe's events reach.
 */
export function sandboxProvider(deps: SandboxDeps): SandboxProvider {
  const { db } = deps;
  const nowMs = () => deps.now().getTime();

  const load = async (id: string) => {
    const [row] = await db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, id));
    return row ?? null;
  };

  const emit = async (type: string, row: Row) => {
    const created = Math.floor(nowMs() / 1000);
    const payload = JSON.stringify({
      id: `evt_sandbox_${randomBytes(12).toString('hex')}`,
      object: 'event',
      type,
      created,
      livemode: false,
      data: { object: { object: 'subscription', ...toProvider(row) } },
    });
    await deps.deliver(Buffer.from(payload), signPayload(payload, deps.webhookSecret, created));
  };

  const save = async (row: Row, next: LifecycleSubscription, change: Partial<Row> = {}) => {
    const [saved] = await db
      .update(sandboxSubscriptions)
      .set({
        status: next.status,
        currentPeriodStart: next.currentPeriodStart,
        currentPeriodEnd: next.currentPeriodEnd,
        trialEnd: next.trialEnd,
        updatedAt: deps.now(),
        ...change,
      })
      .where(eq(sandboxSubscriptions.id, row.id))
      .returning();
    if (!saved) throw new Error(`sandbox subscription ${row.id} vanished`);
    return saved;
  };

  const apply = async (row: Row, event: LifecycleEvent, eventType: string, change: Partial<Row> = {}) => {
    const saved = await save(row, advance(lifecycleOf(row), event, nowMs()), change);
    await emit(eventType, saved);
    return saved;
  };

  /** A renewal (or its retry) charges the saved card. */
  const charge = (row: Row) =>
    row.cardBehaviour === 'renewals-fail'
      ? apply(row, { type: 'renewal-failed' }, 'invoice.payment_failed')
      : apply(row, { type: 'renewal-paid' }, 'invoice.payment_succeeded');

  return {
    mode: 'sandbox',
    publishableKey: null,

    async describeCard(paymentMethod) {
      const { fingerprint, last4 } = cardOf(paymentMethod, nowMs());
      return { fingerprint, last4 };
    },

    async createSubscription({ userId, planId, paymentMethod, trial }) {
      const card = cardOf(paymentMethod, nowMs());
      const behaviour = sandboxTestCards[card.digits];
      if (!behaviour) throw declined('Your card was declined: test mode accepts only test cards.');
      if (behaviour === 'declined') throw declined();
      const fresh = newSubscription(planId, nowMs());
      const needsAuthentication = behaviour === 'authenticate';
      const started = needsAuthentication ? fresh : advance(fresh, { type: 'started', trial }, nowMs());
      const [row] = await db
        .insert(sandboxSubscriptions)
        .values({
          id: `sub_sandbox_${randomBytes(12).toString('hex')}`,
          customerId: sandboxCustomerId(userId),
          planId,
          status: started.status,
          currentPeriodStart: started.currentPeriodStart,
          currentPeriodEnd: started.currentPeriodEnd,
          trialEnd: started.trialEnd,
          trialPending: needsAuthentication && trial,
          cardLast4: card.last4,
          cardFingerprint: card.fingerprint,
          cardBehaviour: behaviour,
          pendingClientSecret: needsAuthentication
            ? `${trial ? 'seti' : 'pi'}_sandbox_${randomBytes(16).toString('hex')}`
            : null,
          updatedAt: deps.now(),
        })
        .returning();
      if (!row) throw new Error('sandbox subscription not created');
      await emit('customer.subscription.created', row);
      return toProvider(row);
    },

    async authenticate(customerId, clientSecret, approve) {
      const [row] = await db
        .select()
        .from(sandboxSubscriptions)
        .where(
          and(
            eq(sandboxSubscriptions.customerId, customerId),
            eq(sandboxSubscriptions.pendingClientSecret, clientSecret),
          ),
        );
      if (!row)
        throw new AppError(404, 'SUBSCRIPTION_NOT_FOUND', 'There is no payment waiting for this step.');
      const event: LifecycleEvent = approve
        ? { type: 'started', trial: row.trialPending }
        : { type: 'abandoned' };
      const saved = await apply(row, event, 'customer.subscription.updated', {
        pendingClientSecret: null,
        trialPending: false,
      });
      return toProvider(saved);
    },

    async retrieveSubscription(id) {
      const row = await load(id);
      return row ? toProvider(row) : null;
    },

    async cancelAtPeriodEnd(id) {
      const row = await load(id);
      if (!row) throw new AppError(404, 'SUBSCRIPTION_NOT_FOUND', 'No such subscription.');
      return toProvider(await apply(row, { type: 'cancel' }, 'customer.subscription.updated'));
    },

    async resume(id) {
      const row = await load(id);
      if (!row) throw new AppError(404, 'SUBSCRIPTION_NOT_FOUND', 'No such subscription.');
      return toProvider(await apply(row, { type: 'resume' }, 'customer.subscription.updated'));
    },

    async changeCard(id, paymentMethod) {
      const row = await load(id);
      if (!row) throw new AppError(404, 'SUBSCRIPTION_NOT_FOUND', 'No such subscription.');
      const card = cardOf(paymentMethod, nowMs());
      const behaviour = sandboxTestCards[card.digits];
      if (!behaviour) throw declined('Your card was declined: test mode accepts only test cards.');
      if (behaviour === 'declined') throw declined();
      // The sandbox asks for no authentication step when a card is saved for later payments.
      const saved = await save(row, lifecycleOf(row), {
        cardLast4: card.last4,
        cardFingerprint: card.fingerprint,
        cardBehaviour: behaviour === 'authenticate' ? 'succeeds' : behaviour,
      });
      // A renewal that failed is retried on the new card at once, as Stripe pays the open invoice.
      if (saved.status === 'past_due') return toProvider(await charge(saved));
      await emit('customer.subscription.updated', saved);
      return toProvider(saved);
    },

    async abandon(id) {
      const row = await load(id);
      if (row?.status !== 'incomplete') return;
      await apply(row, { type: 'abandoned' }, 'customer.subscription.deleted', { pendingClientSecret: null });
    },

    verifyWebhook(rawBody, signatureHeader) {
      if (!verifySignature(rawBody, signatureHeader, deps.webhookSecret, Math.floor(nowMs() / 1000))) {
        throw signatureInvalid();
      }
      return parseEvent(rawBody);
    },

    async processDue(now) {
      const rows = await db
        .select()
        .from(sandboxSubscriptions)
        .where(inArray(sandboxSubscriptions.status, ['trialing', 'active', 'past_due', 'canceled']));
      const changed: string[] = [];
      for (const row of rows) {
        const due = dueEvent(lifecycleOf(row), now.getTime());
        if (due === null) continue;
        // A retry is charged once a day during the grace period.
        if (due === 'retry' && now.getTime() - row.updatedAt.getTime() < 86_400_000) continue;
        if (due === 'renew' || due === 'retry') await charge(row);
        else await apply(row, due, 'customer.subscription.deleted');
        changed.push(row.id);
      }
      return changed;
    },
  };
}

/** The parts of a Stripe-shaped event Parlo reads; anything else in it is ignored. */
export function parseEvent(rawBody: Buffer): { id: string; type: string; subscriptionId: string | null } {
  let event: unknown;
  try {
    event = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw signatureInvalid();
  }
  const { id, type, data } = (event ?? {}) as {
    id?: unknown;
    type?: unknown;
    data?: {
      object?: {
        object?: unknown;
        id?: unknown;
        subscription?: unknown;
        parent?: { subscription_details?: { subscription?: unknown } | null } | null;
      };
    };
  };
  if (typeof id !== 'string' || typeof type !== 'string') throw signatureInvalid();
  const object = data?.object;
  // An invoice names its subscription at the top (older API versions) or under `parent` (newer ones).
  const invoiceSubscription = object?.subscription ?? object?.parent?.subscription_details?.subscription;
  const subscriptionId =
    object?.object === 'subscription' && typeof object.id === 'string'
      ? object.id
      : typeof invoiceSubscription === 'string'
        ? invoiceSubscription
        : null;
  return { id, type, subscriptionId };
}
