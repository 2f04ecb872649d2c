import { describe, expect, it } from 'vitest';
import {
  formatPrice,
  isPremium,
  plans,
  subscriptionDaysLeft,
  subscriptionSchema,
  subscriptionState,
} from './subscription.ts';
import type { Subscription } from './subscription.ts';

const NOW = Date.UTC(2025, 5, 1);
const DAY = 86_400_000;
const sub = (status: string, endMs: number): Subscription => ({
  plan: { id: '3_month' },
  status,
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
});

describe('premium', () => {
  it('needs a subscription', () => {
    expect(isPremium(undefined, NOW)).toBe(false);
    expect(isPremium(null, NOW)).toBe(false);
    expect(subscriptionState(null, NOW)).toEqual({ kind: 'free' });
  });
  it('holds for any status other than canceled', () => {
    expect(isPremium(sub('active', NOW - DAY), NOW)).toBe(true);
    expect(subscriptionState(sub('active', NOW + DAY), NOW)).toEqual({ kind: 'active', planId: '3_month' });
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
  it('validates the plan id', () => {
    expect(subscriptionSchema.safeParse(sub('active', NOW)).success).toBe(true);
    expect(subscriptionSchema.safeParse({ ...sub('active', NOW), plan: { id: '2_month' } }).success).toBe(
      false,
    );
  });
});
