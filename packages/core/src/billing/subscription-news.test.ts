import { describe, expect, it } from 'vitest';
import { interfaceLanguages } from '../i18n/interface-languages.ts';
import { subscriptionNews, subscriptionNewsText, type SubscriptionNewsKind } from './subscription-news.ts';

const kinds: SubscriptionNewsKind[] = ['free-week', 'active', 'payment-failed', 'canceled', 'ended'];
const END = Date.UTC(2026, 11, 24, 20, 0) / 1000;

describe('subscription news for the bell', () => {
  it('is keyed by status and period: a renewal is new news, the same state again is not', () => {
    expect(subscriptionNews({ status: 'incomplete', currentPeriodEnd: END })).toBeNull();
    expect(subscriptionNews({ status: 'trialing', currentPeriodEnd: END })).toEqual({
      kind: 'free-week',
      key: `free-week:${END}`,
    });
    expect(subscriptionNews({ status: 'active', currentPeriodEnd: END })?.key).not.toBe(
      subscriptionNews({ status: 'active', currentPeriodEnd: END + 86_400 })?.key,
    );
    expect(subscriptionNews({ status: 'past_due', currentPeriodEnd: END })?.kind).toBe('payment-failed');
    expect(subscriptionNews({ status: 'unpaid', currentPeriodEnd: END })).toEqual(
      subscriptionNews({ status: 'expired', currentPeriodEnd: END + 1 }),
    );
  });

  it('has every text in all interface languages, the date filled in', () => {
    for (const language of interfaceLanguages) {
      for (const kind of kinds) {
        const text = subscriptionNewsText(language, 'UTC', kind, END);
        expect(text, `${language} ${kind}`).not.toMatch(/\{|\.\.$/);
        if (kind !== 'payment-failed' && kind !== 'ended') expect(text).toMatch(/2026/);
      }
    }
  });

  it('writes the date in the learner’s language on their own calendar day', () => {
    expect(subscriptionNewsText('de', 'Asia/Tokyo', 'canceled', END)).toBe(
      'Premium ist gekündigt und bleibt dir bis 25. Dezember 2026.',
    );
    expect(subscriptionNewsText('en', 'America/New_York', 'free-week', END)).toBe(
      'Your free week has started: Premium until December 24, 2026.',
    );
    expect(subscriptionNewsText('ru', 'UTC', 'canceled', END)).toBe(
      'Premium отменён и останется у вас до 24 декабря 2026 г.',
    );
    expect(subscriptionNewsText('xx', 'Not/AZone', 'ended', END)).toBe('Your Premium has ended.');
  });
});
