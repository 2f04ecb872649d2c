import type { Database } from '../db/client.ts';
import type { Env } from '../env.ts';
import { billingService } from '../modules/billing/billing.service.ts';
import { runOncePerSlot, type SlotOutcome } from './run-once-per-slot.ts';

export const BILLING_JOB = 'billing-renewals';

/** One slot per UTC hour: a renewal lands within the hour, well inside the grace period core allows. */
export function billingSlot(now: Date): string {
  return now.toISOString().slice(0, 13);
}

/**
 * Issue 11: renewals, retries during the grace period, and the ends of canceled periods, once per hour
 * across instances (ADR 004). With the sandbox the provider's own books are advanced here; with Stripe,
 * Stripe does that and Parlo re-reads the subscriptions whose period is over.
 */
export function billingJob(env: Env) {
  return {
    name: BILLING_JOB,
    run: (db: Database, now: Date): Promise<SlotOutcome> =>
      runOncePerSlot(db, { job: BILLING_JOB, slot: billingSlot(now), now }, (tx) =>
        billingService({ db: tx, env, now: () => now }).processDue(now),
      ),
  };
}
