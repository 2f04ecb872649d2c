import { describe, expect, it } from 'vitest';
import { loadEnv, paymentProvider, paymentsWarning } from './env.ts';

/** Issue 29: production takes no test cards unless the operator says so. */
describe('the payment provider', () => {
  const production = { NODE_ENV: 'production' } as const;

  it('is the sandbox in development and tests, Stripe whenever keyed', () => {
    expect(paymentProvider(loadEnv({ NODE_ENV: 'development' }))).toBe('sandbox');
    expect(paymentProvider(loadEnv({ NODE_ENV: 'test' }))).toBe('sandbox');
    expect(paymentProvider(loadEnv({ ...production, STRIPE_SECRET_KEY: 'sk_live_x' }))).toBe('stripe');
    expect(paymentsWarning(loadEnv({ ...production, STRIPE_SECRET_KEY: 'sk_live_x' }))).toBeNull();
  });

  it('is none in production without Stripe, and says so at start', () => {
    const env = loadEnv(production);
    expect(paymentProvider(env)).toBeNull();
    expect(paymentsWarning(env)).toMatch(/subscriptions cannot be bought/);
  });

  it('is the sandbox in production only with PAYMENTS=sandbox, with a warning', () => {
    const env = loadEnv({ ...production, PAYMENTS: 'sandbox' });
    expect(paymentProvider(env)).toBe('sandbox');
    expect(paymentsWarning(env)).toMatch(/PAYMENTS=sandbox: test cards buy Premium/);
  });

  it('refuses any other PAYMENTS value at start', () => {
    expect(() => loadEnv({ ...production, PAYMENTS: 'free' })).toThrow(/PAYMENTS/);
  });
});
