import {
  isPremium,
  subscriptionDaysLeft,
  type PlanId,
  type Subscription,
  type SubscriptionStatus,
} from '@parlo/core/billing/subscription';
import type { BillingMode, SubscriptionView } from '@parlo/contract/billing';
import { and, desc, eq, inArray, isNotNull, lte, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { billingWebhookEvents, subscriptions } from '../../db/schema.ts';
import type { ProviderSubscription } from './payment-provider.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** What the premium rule reads of a subscription row. */
type PremiumFacts = Pick<SubscriptionRow, 'planId' | 'status' | 'currentPeriodStart' | 'currentPeriodEnd'>;

function subscriptionOf(row: PremiumFacts): Subscription {
  return {
    plan: { id: row.planId as PlanId },
    status: row.status as SubscriptionStatus,
    current_period_start: row.currentPeriodStart,
    current_period_end: row.currentPeriodEnd,
  };
}

export function rowIsPremium(row: PremiumFacts, now: Date): boolean {
  return isPremium(subscriptionOf(row), now.getTime());
}

export function viewOf(row: SubscriptionRow, now: Date): SubscriptionView {
  return {
    id: row.id,
    planId: row.planId as PlanId,
    status: row.status as SubscriptionStatus,
    currentPeriodEnd: row.currentPeriodEnd,
    trialEnd: row.trialEnd,
    cardLast4: row.cardLast4,
    premium: rowIsPremium(row, now),
    daysLeft: row.status === 'canceled' ? subscriptionDaysLeft(subscriptionOf(row), now.getTime()) : null,
  };
}

/** A learner's subscriptions, newest first (a handful at most: one per purchase). */
export async function subscriptionsOf(db: Database, userId: string): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt));
}

/**
 * The subscription that makes the learner premium now, if any (core's isPremium decides). The learner
 * state (modules/learning) reads premium through this, so the free-lesson limit, the ads and the
 * settings panel all follow one rule.
 */
export async function premiumSubscription(
  db: Database,
  userId: string,
  now: Date,
): Promise<SubscriptionRow | null> {
  return (await subscriptionsOf(db, userId)).find((row) => rowIsPremium(row, now)) ?? null;
}

export async function findSubscription(db: Database, id: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row ?? null;
}

export async function findByProviderId(
  db: Database,
  provider: BillingMode,
  providerSubscriptionId: string,
): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, provider),
        eq(subscriptions.providerSubscriptionId, providerSubscriptionId),
      ),
    );
  return row ?? null;
}

/**
 * Writes the provider's subscription as it is now: created on purchase, replaced by every later read.
 * Whatever order events arrive in, the row ends as the provider's latest state (the caller re-reads it).
 */
export async function storeSubscription(
  db: Database,
  provider: BillingMode,
  userId: string,
  subscription: ProviderSubscription,
  now: Date,
  cardFingerprint: string | null = null,
): Promise<SubscriptionRow> {
  const state = {
    planId: subscription.planId,
    status: subscription.status,
    currentPeriodStart: subscription.currentPeriodStart,
    currentPeriodEnd: subscription.currentPeriodEnd,
    trialEnd: subscription.trialEnd,
    cardLast4: subscription.cardLast4,
    updatedAt: now,
  };
  const [row] = await db
    .insert(subscriptions)
    .values({
      userId,
      provider,
      providerSubscriptionId: subscription.id,
      providerCustomerId: subscription.customerId,
      cardFingerprint,
      ...state,
    })
    .onConflictDoUpdate({
      target: [subscriptions.provider, subscriptions.providerSubscriptionId],
      // A changed card (issue 29) is the one whose free week counts from now on.
      set: cardFingerprint ? { ...state, cardFingerprint } : state,
    })
    .returning();
  if (!row) throw new Error('subscription not stored');
  return row;
}

/** The free week is once per learner and once per card (SPEC §1, issue 11). */
export async function hadFreeWeek(
  db: Database,
  userId: string,
  cardFingerprint: string | null,
): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        isNotNull(subscriptions.trialEnd),
        cardFingerprint
          ? or(eq(subscriptions.userId, userId), eq(subscriptions.cardFingerprint, cardFingerprint))
          : eq(subscriptions.userId, userId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Records a webhook event's id; false when it was already recorded (a redelivery). */
export async function recordWebhookEvent(
  db: Database,
  event: { id: string; type: string },
  now: Date,
): Promise<boolean> {
  const inserted = await db
    .insert(billingWebhookEvents)
    .values({ id: event.id, type: event.type, receivedAt: now })
    .onConflictDoNothing()
    .returning({ id: billingWebhookEvents.id });
  return inserted.length > 0;
}

/** Subscriptions whose period is over but which still count as running: the job re-reads them. */
export async function overdueSubscriptions(
  db: Database,
  provider: BillingMode,
  now: Date,
): Promise<string[]> {
  const rows = await db
    .select({ providerSubscriptionId: subscriptions.providerSubscriptionId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, provider),
        inArray(subscriptions.status, ['trialing', 'active', 'past_due', 'canceled']),
        or(
          lte(subscriptions.currentPeriodEnd, Math.floor(now.getTime() / 1000)),
          eq(subscriptions.status, 'past_due'),
        ),
      ),
    );
  return rows.flatMap((row) => (row.providerSubscriptionId ? [row.providerSubscriptionId] : []));
}
