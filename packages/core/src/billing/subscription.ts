import { z } from 'zod';

/** SPEC §3/§9 subscription plans and the premium rule of SPEC §4, with the lifecycle of issue 11. */

export const planIds = ['1_month', '3_month', '1_year'] as const;
export type PlanId = (typeof planIds)[number];

export interface Plan {
  id: PlanId;
  months: number;
  /** In cents, so sums stay exact. */
  priceCents: number;
  currency: 'EUR';
}

export const plans: Readonly<Record<PlanId, Plan>> = {
  '1_month': { id: '1_month', months: 1, priceCents: 599, currency: 'EUR' },
  '3_month': { id: '3_month', months: 3, priceCents: 899, currency: 'EUR' },
  '1_year': { id: '1_year', months: 12, priceCents: 1499, currency: 'EUR' },
};

/** SPEC §1 "a free training week": once per learner (and per card). */
export const TRIAL_DAYS = 7;
/** How long a renewal that failed keeps premium while the card is retried. */
export const DEFAULT_GRACE_MS = 3 * 86_400_000;

/**
 * The states of a subscription, as Parlo means them (not the provider's words):
 * - incomplete: created, the first payment or the card's authentication is still missing;
 * - trialing: the free week;
 * - active: paid for the current period, renews at its end;
 * - past_due: a renewal failed, the card is retried during the grace period;
 * - canceled: will not renew; premium until `current_period_end` (SPEC §4 "days left");
 * - expired: over (ran out after cancelling, never paid, or unpaid after the grace period);
 * - unpaid: the provider gave up retrying but keeps the subscription open; not premium.
 */
export const subscriptionStatuses = [
  'incomplete',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'expired',
  'unpaid',
] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

export const subscriptionSchema = z.object({
  plan: z.object({ id: z.enum(planIds) }),
  status: z.enum(subscriptionStatuses),
  /** Epoch seconds: when the period now running started (for past_due, when the failed renewal was due). */
  current_period_start: z.number(),
  /** Epoch seconds. */
  current_period_end: z.number(),
});
export type Subscription = z.output<typeof subscriptionSchema>;

const MS_PER_DAY = 86_400_000;

/**
 * Issue 11 rule: premium only while trialing or active within the period, past_due within the grace
 * period after the renewal that failed, or canceled before the period end. Incomplete, unpaid and expired
 * never are. Trialing and active also end with their period: if no renewal ever arrives (a webhook lost,
 * a job stopped), access stops instead of running forever; the grace period covers a late renewal.
 */
export function isPremium(
  subscription: Subscription | null | undefined,
  now: number,
  graceMs: number = DEFAULT_GRACE_MS,
): boolean {
  if (!subscription) return false;
  const end = subscription.current_period_end * 1000;
  switch (subscription.status) {
    case 'trialing':
    case 'active':
      return now < end + graceMs;
    case 'past_due':
      return now < subscription.current_period_start * 1000 + graceMs;
    case 'canceled':
      return now < end;
    case 'incomplete':
    case 'expired':
    case 'unpaid':
      return false;
  }
}

/**
 * The landing's promise, "your first week is free and ad-free" (issue 29): an account sees no ads in its
 * first TRIAL_DAYS days, whether or not it takes the Premium free week; after that only Premium is ad-free.
 */
export function seesAds(learner: { premium: boolean; accountCreatedAt: number }, now: number): boolean {
  return !learner.premium && now - learner.accountCreatedAt >= TRIAL_DAYS * MS_PER_DAY;
}

/** Whole days until the period ends, rounded up so the last day still reads as one; 0 once over. */
export function subscriptionDaysLeft(subscription: Subscription, now: number): number {
  return Math.max(0, Math.ceil((subscription.current_period_end * 1000 - now) / MS_PER_DAY));
}

export type SubscriptionState =
  | { kind: 'free' }
  | { kind: 'active'; planId: PlanId }
  | { kind: 'canceled'; planId: PlanId; daysLeft: number };

/** SPEC §4 subscription states: free (none, or over), active (any premium state), canceled with days left. */
export function subscriptionState(
  subscription: Subscription | null | undefined,
  now: number,
): SubscriptionState {
  if (!subscription || !isPremium(subscription, now)) return { kind: 'free' };
  if (subscription.status === 'canceled') {
    return {
      kind: 'canceled',
      planId: subscription.plan.id,
      daysLeft: subscriptionDaysLeft(subscription, now),
    };
  }
  return { kind: 'active', planId: subscription.plan.id };
}

/** Price for display without a currency, e.g. '5.99'. */
export function formatPrice(plan: Plan): string {
  return (plan.priceCents / 100).toFixed(2);
}

/** A plan's price in the learner's interface language, e.g. '5,99 €' in German, '€5.99' in English. */
export function formatPlanPrice(plan: Plan, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: plan.currency }).format(
    plan.priceCents / 100,
  );
}

/** The end of a period of `months` starting at `startMs` (calendar months, UTC), in epoch seconds. */
export function periodEnd(startMs: number, months: number): number {
  const start = new Date(startMs);
  const end = new Date(start);
  end.setUTCMonth(start.getUTCMonth() + months);
  // 31 January + 1 month is 3 March in Date arithmetic; a month never spills into the one after it.
  if (end.getUTCDate() !== start.getUTCDate()) end.setUTCDate(0);
  return Math.floor(end.getTime() / 1000);
}
