import { describe, expect, it } from 'vitest';
import {
  DEFAULT_GRACE_MS,
  formatPlanPrice,
  formatPrice,
  isPremium,
  periodEnd,
  plans,
  seesAds,
  subscriptionDaysLeft,
  subscriptionSchema,
  subscriptionState,
  type Subscription,
  type SubscriptionStatus,
} from './subscription.ts';

const NOW = Date.UTC(2025, 5, 1);
const DAY = 86_400_000;
const sub = (status: SubscriptionStatus, endMs: number, startMs = endMs - 30 * DAY): Subscription => ({
  plan: { id: '3_month' },
  status,
  current_period_start: Math.floor(startMs / 1000),
  current_period_end: Math.floor(endMs / 1000),
});

describe('plans', () => {
  it('prices the three plans in EUR', () => {
    expect(
      Object.values(plans).map((plan) => [plan.id, plan.months, formatPrice(plan), plan.currency]),
    ).toEqual([
      ['1_month', 1, '5.99', 'EUR'],
      ['3_month', 3, '8.99', 'EUR'],
      ['1_year', 12, '14.99', 'EUR'],
    ]);
  });
  it('formats a price for the interface language', () => {
    expect(formatPlanPrice(plans['1_month'], 'en')).toBe('€5.99');
    expect(formatPlanPrice(plans['1_year'], 'de')).toBe('14,99\u00a0€');
  });
  it('ends a period on the same day of a later month, or that month’s last day', () => {
    expect(new Date(periodEnd(Date.UTC(2025, 0, 15, 10), 1) * 1000).toISOString()).toBe(
      '2025-02-15T10:00:00.000Z',
    );
    expect(new Date(periodEnd(Date.UTC(2025, 0, 31), 1) * 1000).toISOString()).toBe(
      '2025-02-28T00:00:00.000Z',
    );
    expect(new Date(periodEnd(Date.UTC(2025, 0, 31), 12) * 1000).toISOString()).toBe(
      '2026-01-31T00:00:00.000Z',
    );
  });
});

describe('premium', () => {
  it('needs a subscription', () => {
    expect(isPremium(undefined, NOW)).toBe(false);
    expect(isPremium(null, NOW)).toBe(false);
    expect(subscriptionState(null, NOW)).toEqual({ kind: 'free' });
  });
  it('holds while trialing or active within the period (plus the grace for a late renewal)', () => {
    for (const status of ['trialing', 'active'] as const) {
      expect(isPremium(sub(status, NOW + DAY), NOW)).toBe(true);
      expect(isPremium(sub(status, NOW - DAY), NOW)).toBe(true);
      expect(isPremium(sub(status, NOW - DEFAULT_GRACE_MS), NOW)).toBe(false);
    }
    expect(subscriptionState(sub('active', NOW + DAY), NOW)).toEqual({ kind: 'active', planId: '3_month' });
  });
  it('holds past_due for the grace period after the failed renewal, 3 days by default', () => {
    const pastDue = sub('past_due', NOW + 30 * DAY, NOW);
    expect(isPremium(pastDue, NOW + 3 * DAY - 1)).toBe(true);
    expect(isPremium(pastDue, NOW + 3 * DAY)).toBe(false);
    expect(isPremium(pastDue, NOW + DAY, DAY)).toBe(false);
  });
  it('never holds for incomplete, unpaid or expired subscriptions', () => {
    for (const status of ['incomplete', 'unpaid', 'expired'] as const) {
      expect(isPremium(sub(status, NOW + 30 * DAY, NOW - DAY), NOW)).toBe(false);
    }
  });
  it('holds for a canceled subscription until its period ends', () => {
    const canceled = sub('canceled', NOW + 2.5 * DAY);
    expect(isPremium(canceled, NOW)).toBe(true);
    expect(subscriptionDaysLeft(canceled, NOW)).toBe(3);
    expect(subscriptionState(canceled, NOW)).toEqual({ kind: 'canceled', planId: '3_month', daysLeft: 3 });
    expect(isPremium(canceled, NOW + 2.5 * DAY)).toBe(false);
    expect(subscriptionState(canceled, NOW + 3 * DAY)).toEqual({ kind: 'free' });
    expect(subscriptionDaysLeft(canceled, NOW + 5 * DAY)).toBe(0);
  });
  it('validates the plan id and the status', () => {
    expect(subscriptionSchema.safeParse(sub('active', NOW)).success).toBe(true);
    expect(subscriptionSchema.safeParse({ ...sub('active', NOW), plan: { id: '2_month' } }).success).toBe(
      false,
    );
    expect(subscriptionSchema.safeParse({ ...sub('active', NOW), status: 'whatever' }).success).toBe(false);
  });
});

describe('ads (issue 29: the first week is free and ad-free)', () => {
  const createdAt = NOW - 3 * DAY;
  it('shows none in an account’s first 7 days, free or premium', () => {
    expect(seesAds({ premium: false, accountCreatedAt: createdAt }, NOW)).toBe(false);
    expect(seesAds({ premium: false, accountCreatedAt: createdAt }, createdAt + 7 * DAY - 1)).toBe(false);
  });
  it('shows them to a free learner from day 8, never to a premium one', () => {
    expect(seesAds({ premium: false, accountCreatedAt: createdAt }, createdAt + 7 * DAY)).toBe(true);
    expect(seesAds({ premium: true, accountCreatedAt: createdAt }, createdAt + 30 * DAY)).toBe(false);
  });
});
