import { z } from 'zod';

/** Every failure leaves the API as `{ error: { code, message } }`; `code` is stable, the web app translates it. */
export const errorResponseSchema = z
  .object({ error: z.object({ code: z.string(), message: z.string() }) })
  .meta({ id: 'Error' });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/**
 * The codes of refusals that do not come from a call's own rules: malformed requests, unknown routes, a
 * state-changing request from another website (403) and a database that is briefly away (503, with
 * `Retry-After`).
 */
export const requestErrorCodes = [
  'VALIDATION_FAILED',
  'NUL_NOT_ALLOWED',
  'INVALID_JSON',
  'UNSUPPORTED_MEDIA_TYPE',
  'BODY_TOO_LARGE',
  'BAD_URL',
  'NOT_FOUND',
  'CROSS_SITE_REQUEST',
  'DATABASE_UNAVAILABLE',
] as const;
export type RequestErrorCode = (typeof requestErrorCodes)[number];

/**
 * Refusals of the billing calls (issue 11); the web app shows each in the learner's language inside the
 * purchase form. A provider's own decline reason travels in `message` and is shown when no text matches.
 */
export const billingErrorCodes = [
  'card-number-invalid',
  'card-expiry-invalid',
  'card-cvc-invalid',
  'CARD_DECLINED',
  'AUTHENTICATION_FAILED',
  'CARD_DATA_NOT_ACCEPTED',
  'ALREADY_PREMIUM',
  'SUBSCRIPTION_NOT_FOUND',
  'SUBSCRIPTION_NOT_CANCELABLE',
  'WEBHOOK_SIGNATURE_INVALID',
  'PAYMENT_PROVIDER_UNAVAILABLE',
] as const;
export type BillingErrorCode = (typeof billingErrorCodes)[number];
