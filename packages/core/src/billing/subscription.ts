import { z } from 'zod';

/** SPEC §3/§9 subscription plans and the premium rule of SPEC §4. */

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

export const subscriptionSchema = z.object({
  plan: z.object({ id: z.enum(planIds) }),
  /** The payment provider's status; only 'canceled' matters here. */
  status: z.string(),
  /** Epoch seconds. */
  current_period_end: z.number(),
});
export type Subscription = z.output<typeof subscriptionSchema>;

const MS_PER_DAY = 86_400_000;

/**
 * SPEC §4: premium when a subscription exists and is not canceled, or is canceled but paid up to a future
 * period end (cancelling only stops renewal).
 */
export function isPremium(subscription: Subscription | null | undefined, now: number): boolean {
  if (!subscription) return false;
  return subscription.status !== 'canceled' || subscription.current_period_end * 1000 > now;
}

/** Whole days until the period ends, rounded up so the last day still reads as one; 0 once over. */
export function subscriptionDaysLeft(subscription: Subscription, now: number): number {
  return Math.max(0, Math.ceil((subscription.current_period_end * 1000 - now) / MS_PER_DAY));
}

export type SubscriptionState =
  | { kind: 'free' }
  | { kind: 'active'; planId: PlanId }
  | { kind: 'canceled'; planId: PlanId; daysLeft: number };

/** SPEC §4 subscription states: free (none, or canceled and over), active, canceled with days left. */
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

/** Price for display, e.g. '5.99'. */
export function formatPrice(plan: Plan): string {
  return (plan.priceCents / 100).toFixed(2);
}
