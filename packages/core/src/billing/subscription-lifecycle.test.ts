import { describe, expect, it } from 'vitest';
import {
  advance,
  dueEvent,
  InvalidTransition,
  newSubscription,
  statusFromStripe,
  type LifecycleEvent,
  type LifecycleSubscription,
} from './subscription-lifecycle.ts';
import { isPremium, subscriptionStatuses } from './subscription.ts';

const NOW = Date.UTC(2025, 0, 10, 12);
const DAY = 86_400_000;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const premium = (subscription: LifecycleSubscription, now: number) =>
  isPremium(
    {
      plan: { id: subscription.planId },
      status: subscription.status,
      current_period_start: subscription.currentPeriodStart,
      current_period_end: subscription.currentPeriodEnd,
    },
    now,
  );

describe('the subscription lifecycle', () => {
  const fresh = newSubscription('1_month', NOW);

  it('starts incomplete and not premium', () => {
    expect(fresh.status).toBe('incomplete');
    expect(premium(fresh, NOW)).toBe(false);
  });

  it('free week: trialing for 7 days, then the plan renews into active', () => {
    const trial = advance(fresh, { type: 'started', trial: true }, NOW);
    expect(trial).toMatchObject({ status: 'trialing', trialEnd: trial.currentPeriodEnd });
    expect(iso(trial.currentPeriodEnd)).toBe('2025-01-17T12:00:00.000Z');
    expect(premium(trial, NOW)).toBe(true);
    expect(dueEvent(trial, NOW + 6 * DAY)).toBeNull();
    expect(dueEvent(trial, NOW + 7 * DAY)).toBe('renew');
    const paid = advance(trial, { type: 'renewal-paid' }, NOW + 7 * DAY);
    expect(paid.status).toBe('active');
    expect(iso(paid.currentPeriodStart)).toBe('2025-01-17T12:00:00.000Z');
    expect(iso(paid.currentPeriodEnd)).toBe('2025-02-17T12:00:00.000Z');
  });

  it('paid at once without a trial; renewals continue the period', () => {
    const active = advance(fresh, { type: 'started', trial: false }, NOW);
    expect(active.status).toBe('active');
    expect(active.trialEnd).toBeNull();
    expect(iso(active.currentPeriodEnd)).toBe('2025-02-10T12:00:00.000Z');
    const renewed = advance(active, { type: 'renewal-paid' }, NOW + 31 * DAY);
    expect(iso(renewed.currentPeriodEnd)).toBe('2025-03-10T12:00:00.000Z');
  });

  it('a failed renewal is past_due with a grace period, then paid or expired', () => {
    const active = advance(fresh, { type: 'started', trial: false }, NOW);
    const renewalAt = active.currentPeriodEnd * 1000;
    const pastDue = advance(active, { type: 'renewal-failed' }, renewalAt);
    expect(pastDue.status).toBe('past_due');
    expect(advance(pastDue, { type: 'renewal-failed' }, renewalAt + DAY)).toEqual(pastDue);
    expect(premium(pastDue, renewalAt + 2 * DAY)).toBe(true);
    expect(dueEvent(pastDue, renewalAt + DAY)).toBe('retry');
    expect(dueEvent(pastDue, renewalAt + 3 * DAY)).toEqual({ type: 'grace-over' });

    const recovered = advance(pastDue, { type: 'renewal-paid' }, renewalAt + DAY);
    expect(recovered.status).toBe('active');
    expect(recovered.currentPeriodStart).toBe(pastDue.currentPeriodStart);
    expect(premium(recovered, renewalAt + 20 * DAY)).toBe(true);

    const expired = advance(pastDue, { type: 'grace-over' }, renewalAt + 3 * DAY);
    expect(expired.status).toBe('expired');
    expect(premium(expired, renewalAt + 3 * DAY)).toBe(false);
  });

  it('canceled keeps premium to the period end, then expires', () => {
    const active = advance(fresh, { type: 'started', trial: false }, NOW);
    const canceled = advance(active, { type: 'cancel' }, NOW + DAY);
    expect(canceled).toMatchObject({ status: 'canceled', currentPeriodEnd: active.currentPeriodEnd });
    const end = canceled.currentPeriodEnd * 1000;
    expect(premium(canceled, end - 1000)).toBe(true);
    expect(dueEvent(canceled, end - 1000)).toBeNull();
    expect(dueEvent(canceled, end)).toEqual({ type: 'period-over' });
    expect(premium(canceled, end)).toBe(false);
    expect(advance(canceled, { type: 'period-over' }, end).status).toBe('expired');
  });

  it('a trial cancelled before it ends never charges', () => {
    const trial = advance(fresh, { type: 'started', trial: true }, NOW);
    const canceled = advance(trial, { type: 'cancel' }, NOW + DAY);
    expect(dueEvent(canceled, NOW + 7 * DAY)).toEqual({ type: 'period-over' });
  });

  it('a cancellation taken back before the period end renews again (issue 29)', () => {
    const active = advance(fresh, { type: 'started', trial: false }, NOW);
    const canceled = advance(active, { type: 'cancel' }, NOW + DAY);
    const resumed = advance(canceled, { type: 'resume' }, NOW + 2 * DAY);
    expect(resumed).toEqual(active);
    expect(dueEvent(resumed, active.currentPeriodEnd * 1000)).toBe('renew');
    // A free week taken back stays the free week, its first charge at its end.
    const trial = advance(fresh, { type: 'started', trial: true }, NOW);
    const back = advance(advance(trial, { type: 'cancel' }, NOW + DAY), { type: 'resume' }, NOW + 2 * DAY);
    expect(back).toEqual(trial);
    // Once the period is over there is nothing to take back.
    expect(() => advance(canceled, { type: 'resume' }, active.currentPeriodEnd * 1000)).toThrow(
      InvalidTransition,
    );
    expect(() => advance(active, { type: 'resume' }, NOW)).toThrow(InvalidTransition);
  });

  it('an abandoned authentication expires without premium', () => {
    const waiting = advance(fresh, { type: 'needs-authentication' }, NOW);
    expect(advance(waiting, { type: 'abandoned' }, NOW).status).toBe('expired');
  });

  it('refuses events a state does not allow', () => {
    const expired = advance(fresh, { type: 'abandoned' }, NOW);
    const refused: Array<[LifecycleSubscription, LifecycleEvent]> = [
      [fresh, { type: 'renewal-paid' }],
      [fresh, { type: 'cancel' }],
      [expired, { type: 'started', trial: false }],
      [expired, { type: 'cancel' }],
      [advance(fresh, { type: 'started', trial: false }, NOW), { type: 'period-over' }],
    ];
    for (const [subscription, event] of refused) {
      expect(() => advance(subscription, event, NOW)).toThrow(InvalidTransition);
    }
  });

  it('reads Stripe’s statuses in Parlo’s terms', () => {
    expect(statusFromStripe('active', false)).toBe('active');
    expect(statusFromStripe('active', true)).toBe('canceled');
    expect(statusFromStripe('trialing', true)).toBe('canceled');
    expect(statusFromStripe('past_due', false)).toBe('past_due');
    expect(statusFromStripe('canceled', false)).toBe('expired');
    expect(statusFromStripe('incomplete_expired', false)).toBe('expired');
    expect(statusFromStripe('unpaid', false)).toBe('unpaid');
    expect(statusFromStripe('incomplete', false)).toBe('incomplete');
    for (const status of ['trialing', 'active', 'past_due', 'canceled', 'unpaid', 'incomplete']) {
      expect(subscriptionStatuses).toContain(statusFromStripe(status, false));
    }
  });
});
