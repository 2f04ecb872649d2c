import { createHmac, timingSafeEqual } from 'node:crypto';
import type { BillingMode } from '@parlo/contract/billing';
import type { PlanId, SubscriptionStatus } from '@parlo/core/billing/subscription';
import { AppError } from '../../lib/app-error.ts';

/**
 * The seam between Parlo and whoever takes the money (ADR 009). Two implementations: Parlo's sandbox
 * (sandbox-provider.ts, the default) and Stripe (stripe-provider.ts, when STRIPE_SECRET_KEY is set). Both
 * speak Parlo's subscription states (packages/core billing/subscription-lifecycle).
 */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  planId: PlanId;
  status: SubscriptionStatus;
  /** Epoch seconds. */
  currentPeriodStart: number;
  currentPeriodEnd: number;
  trialEnd: number | null;
  cardLast4: string | null;
  /** The step the browser must complete before the subscription starts (3-D Secure), if any. */
  action: { kind: 'payment' | 'setup'; clientSecret: string } | null;
}

/** The card a purchase uses: a Stripe.js payment method id, or the card itself (sandbox only). */
export type PaymentMethodInput = string | { number: string; expMonth: number; expYear: number; cvc: string };

export interface CardDetails {
  /** Same card, same fingerprint, whoever types it: the free week is once per card too. */
  fingerprint: string;
  last4: string;
}

/** A verified webhook event: only its id (for deduplication) and which subscription it concerns. */
export interface ProviderEvent {
  id: string;
  type: string;
  subscriptionId: string | null;
}

export interface PaymentProvider {
  mode: BillingMode;
  publishableKey: string | null;
  /** Checks the card (sandbox: Luhn, expiry, CVC) and tells its fingerprint; throws a 400 or 402 AppError. */
  describeCard(paymentMethod: PaymentMethodInput): Promise<CardDetails>;
  createSubscription(input: {
    userId: string;
    email: string;
    planId: PlanId;
    paymentMethod: PaymentMethodInput;
    trial: boolean;
  }): Promise<ProviderSubscription>;
  /** The subscription as the provider has it now: the truth webhook events are checked against. */
  retrieveSubscription(id: string): Promise<ProviderSubscription | null>;
  /** No renewal; premium to the period end. */
  cancelAtPeriodEnd(id: string): Promise<ProviderSubscription>;
  /** Takes a cancellation back before the period end: it renews again (issue 29). */
  resume(id: string): Promise<ProviderSubscription>;
  /**
   * Charges another card from now on (issue 29); a renewal that failed is retried on it at once. A card
   * the provider refuses throws CARD_DECLINED (402) and leaves the old one.
   */
  changeCard(id: string, paymentMethod: PaymentMethodInput): Promise<ProviderSubscription>;
  /** Drops a subscription that never started (an authentication left unfinished). */
  abandon(id: string): Promise<void>;
  /** Verifies the signature over the raw body; throws WEBHOOK_SIGNATURE_INVALID (400). */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): ProviderEvent;
  /**
   * The scheduled job's work at `now` (renewals, retries, ends of grace and of canceled periods). The
   * sandbox does them itself; Stripe does them on its side, so Parlo only re-reads what is overdue.
   */
  processDue(now: Date, overdue: readonly string[]): Promise<string[]>;
}

export function declined(message = 'Your card was declined.'): AppError {
  return new AppError(402, 'CARD_DECLINED', message);
}

export function signatureInvalid(): AppError {
  return new AppError(400, 'WEBHOOK_SIGNATURE_INVALID', 'The webhook signature does not match its body.');
}

/** Stripe's webhook signature scheme (`t=…,v1=HMAC-SHA256(t.body)`), which the sandbox uses too. */
export function signPayload(payload: string, secret: string, timestampSeconds: number): string {
  const signature = createHmac('sha256', secret).update(`${timestampSeconds}.${payload}`).digest('hex');
  return `t=${timestampSeconds},v1=${signature}`;
}

/** Accepts a header whose v1 signature matches and whose timestamp is within `toleranceSeconds` of now. */
export function verifySignature(
  rawBody: Buffer,
  header: string | undefined,
  secret: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  if (!header) return false;
  const parts = header.split(',').map((part) => part.split('=', 2) as [string, string | undefined]);
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isFinite(timestamp) || Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
  return parts.some(([key, value]) => {
    if (key !== 'v1' || !value || !/^[0-9a-f]{64}$/.test(value)) return false;
    return timingSafeEqual(Buffer.from(value, 'hex'), expected);
  });
}
