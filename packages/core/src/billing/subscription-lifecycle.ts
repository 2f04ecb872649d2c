import {
  DEFAULT_GRACE_MS,
  periodEnd,
  plans,
  TRIAL_DAYS,
  type PlanId,
  type SubscriptionStatus,
} from './subscription.ts';

/**
 * The one lifecycle of a subscription (issue 11), whichever provider takes the money:
 *
 *   none → incomplete → trialing → active ⇄ past_due → canceled (premium to the period end) → expired
 *   (canceled → resumed before the period end → trialing or active again)
 *
 * Pure: the clock comes in as `now` (epoch ms). Parlo's sandbox provider runs its subscriptions through it;
 * Stripe runs its own, and its objects are read into the same states by `statusFromStripe`.
 */
export interface LifecycleSubscription {
  planId: PlanId;
  status: SubscriptionStatus;
  /** Epoch seconds. */
  currentPeriodStart: number;
  currentPeriodEnd: number;
  /** Epoch seconds; set when the subscription started with the free week. */
  trialEnd: number | null;
}

export type LifecycleEvent =
  /** The first payment went through, or the card was saved for a free week. */
  | { type: 'started'; trial: boolean }
  /** The card needs an authentication step (3-D Secure) before anything starts. */
  | { type: 'needs-authentication' }
  /** The learner never completed the authentication, or the bank refused it. */
  | { type: 'abandoned' }
  | { type: 'renewal-paid' }
  | { type: 'renewal-failed' }
  /** The grace period of a failed renewal ran out without a payment. */
  | { type: 'grace-over' }
  | { type: 'cancel' }
  /** The learner takes a cancellation back before the period ends: it renews again. */
  | { type: 'resume' }
  /** A canceled subscription reached its period end. */
  | { type: 'period-over' };

export class InvalidTransition extends Error {
  constructor(
    readonly from: SubscriptionStatus | 'none',
    readonly event: LifecycleEvent['type'],
  ) {
    super(`A subscription that is ${from} cannot take '${event}'`);
    this.name = 'InvalidTransition';
  }
}

const seconds = (ms: number) => Math.floor(ms / 1000);

/** A new subscription for `planId`, before anything is paid. */
export function newSubscription(planId: PlanId, now: number): LifecycleSubscription {
  return {
    planId,
    status: 'incomplete',
    currentPeriodStart: seconds(now),
    currentPeriodEnd: seconds(now),
    trialEnd: null,
  };
}

/** Applies one event; throws InvalidTransition for an event the state does not allow. */
export function advance(
  subscription: LifecycleSubscription,
  event: LifecycleEvent,
  now: number,
): LifecycleSubscription {
  const refuse = () => new InvalidTransition(subscription.status, event.type);
  const months = plans[subscription.planId].months;
  const { status } = subscription;
  switch (event.type) {
    case 'needs-authentication':
      if (status !== 'incomplete') throw refuse();
      return subscription;
    case 'started': {
      if (status !== 'incomplete') throw refuse();
      const end = event.trial ? seconds(now + TRIAL_DAYS * 86_400_000) : periodEnd(now, months);
      return {
        ...subscription,
        status: event.trial ? 'trialing' : 'active',
        currentPeriodStart: seconds(now),
        currentPeriodEnd: end,
        trialEnd: event.trial ? end : null,
      };
    }
    case 'abandoned':
      if (status !== 'incomplete') throw refuse();
      return { ...subscription, status: 'expired' };
    case 'renewal-paid': {
      if (status !== 'trialing' && status !== 'active' && status !== 'past_due') throw refuse();
      // A retried payment pays the period that began at the failed renewal; a renewal on time starts one.
      const start = status === 'past_due' ? subscription.currentPeriodStart : subscription.currentPeriodEnd;
      return {
        ...subscription,
        status: 'active',
        currentPeriodStart: start,
        currentPeriodEnd: periodEnd(start * 1000, months),
      };
    }
    case 'renewal-failed':
      if (status === 'past_due') return subscription;
      if (status !== 'trialing' && status !== 'active') throw refuse();
      // Like Stripe, the new period begins at the renewal even when its payment fails; the grace period
      // is counted from that moment.
      return {
        ...subscription,
        status: 'past_due',
        currentPeriodStart: subscription.currentPeriodEnd,
        currentPeriodEnd: periodEnd(subscription.currentPeriodEnd * 1000, months),
      };
    case 'grace-over':
      if (status !== 'past_due') throw refuse();
      return { ...subscription, status: 'expired', currentPeriodEnd: subscription.currentPeriodStart };
    case 'cancel':
      if (status === 'past_due') {
        // Nothing was paid for the running period: premium ends where the paid one ended.
        return { ...subscription, status: 'expired', currentPeriodEnd: subscription.currentPeriodStart };
      }
      if (status !== 'trialing' && status !== 'active') throw refuse();
      return { ...subscription, status: 'canceled' };
    case 'resume': {
      if (status !== 'canceled' || now >= subscription.currentPeriodEnd * 1000) throw refuse();
      // A free week cancelled and taken back is still the free week: the plan's first charge stays at its end.
      const inFreeWeek = subscription.trialEnd !== null && now < subscription.trialEnd * 1000;
      return { ...subscription, status: inFreeWeek ? 'trialing' : 'active' };
    }
    case 'period-over':
      if (status !== 'canceled') throw refuse();
      return { ...subscription, status: 'expired' };
  }
}

/**
 * What is due for a subscription at `now`, for the scheduled job: a renewal at the period end, the end of
 * a canceled period, the end of a grace period. Null when nothing is due.
 */
export function dueEvent(
  subscription: LifecycleSubscription,
  now: number,
  graceMs: number = DEFAULT_GRACE_MS,
): 'renew' | 'retry' | LifecycleEvent | null {
  const ended = now >= subscription.currentPeriodEnd * 1000;
  switch (subscription.status) {
    case 'trialing':
    case 'active':
      return ended ? 'renew' : null;
    case 'past_due':
      return now >= subscription.currentPeriodStart * 1000 + graceMs ? { type: 'grace-over' } : 'retry';
    case 'canceled':
      return ended ? { type: 'period-over' } : null;
    default:
      return null;
  }
}

/**
 * Stripe's subscription status in Parlo's terms. Stripe keeps a subscription that will not renew
 * `active` with `cancel_at_period_end`, and calls the one that is over `canceled`.
 */
export function statusFromStripe(stripeStatus: string, cancelAtPeriodEnd: boolean): SubscriptionStatus {
  switch (stripeStatus) {
    case 'trialing':
    case 'active':
      return cancelAtPeriodEnd ? 'canceled' : stripeStatus;
    case 'past_due':
      return 'past_due';
    case 'incomplete':
      return 'incomplete';
    case 'unpaid':
    case 'paused':
      return 'unpaid';
    default:
      // canceled, incomplete_expired
      return 'expired';
  }
}
