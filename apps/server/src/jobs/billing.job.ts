import type { Database } from '../db/client.ts';
import type { Env } from '../env.ts';
import type { OutgoingMail } from '../lib/mailer.ts';
import { billingService } from '../modules/billing/billing.service.ts';
import type { JobServices } from './scheduler.ts';
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
    async run(db: Database, now: Date, services?: JobServices): Promise<SlotOutcome> {
      // Receipts of renewals and failed payments (issue 29) leave once the slot's work is committed.
      const held: OutgoingMail[] = [];
      const outcome = await runOncePerSlot(db, { job: BILLING_JOB, slot: billingSlot(now), now }, (tx) =>
        billingService({ db: tx, env, now: () => now, receipts: (mail) => held.push(mail) }).processDue(now),
      );
      for (const mail of held) {
        await services?.mail?.mailer.send(mail).catch((error: unknown) => {
          services.log.error({ err: error, subject: mail.subject }, 'billing receipt not sent');
        });
      }
      return outcome;
    },
  };
}
