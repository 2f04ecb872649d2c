import { profileErrorCodes, registrationErrorCodes } from '@parlo/core/validation/user-validation';
import { z } from 'zod';
import { socialErrorCodes } from './social.ts';

/** Every failure leaves the API as `{ error: { code, message } }`; `code` is stable, the web app translates it. */
export const errorResponseSchema = z
  .object({ error: z.object({ code: z.string(), message: z.string() }) })
  .meta({ id: 'Error' });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/**
 * The codes of refusals that do not come from a call's own rules: malformed requests, unknown routes, a
 * state-changing request from another website (403), a database that is briefly away and a server
 * shedding load (503, with `Retry-After`).
 */
export const requestErrorCodes = [
  'VALIDATION_FAILED',
  'NUL_NOT_ALLOWED',
  'INVALID_JSON',
  'JSON_TOO_DEEP',
  'UNSUPPORTED_MEDIA_TYPE',
  'BODY_TOO_LARGE',
  'BAD_URL',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CROSS_SITE_REQUEST',
  'DATABASE_UNAVAILABLE',
  'OVERLOADED',
] as const;
export type RequestErrorCode = (typeof requestErrorCodes)[number];

/**
 * The codes of refusals that come from a call's own rules (besides the field codes of SPEC §5, such as
 * error-email-not-valid, listed in @parlo/core/validation). The web app has a translated text for each
 * (apps/web/src/lib/error-codes.test.ts); a 500 is always 'INTERNAL' and shown as "Something went wrong".
 */
export const refusalCodes = [
  'UNAUTHORIZED',
  'FORBIDDEN',
  'TOO_MANY_REQUESTS',
  'SECRET_ACCESS_REQUIRED',
  'EMAIL_ALREADY_EXISTS',
  'INVALID_CREDENTIALS',
  'USER_NOT_FOUND',
  'RESET_LINK_INVALID',
  'VERIFY_LINK_INVALID',
  'EMAIL_ALREADY_VERIFIED',
  'old-password-wrong',
  'AVATAR_MISSING',
  'AVATAR_TOO_LARGE',
  'INVALID_IMAGE',
  'AVATAR_NOT_UPLOADED',
  'AVATAR_BUSY',
  'NO_COURSE_SELECTED',
  'COURSE_UNAVAILABLE',
  'COURSE_SOON',
  'PROGRAM_NOT_SELECTED',
  'LEVEL_ALREADY_CHOSEN',
  'LESSON_LOCKED',
  'BLITZ_LOCKED',
  'BLITZ_NOT_REACHED',
  'PROGRESS_INVALID',
  'PROGRESS_NOT_EARNED',
  'IDEMPOTENCY_KEY_REUSED',
  'COMPLETION_INVALID_OMISSION',
  'COMPLETION_UNKNOWN_EXERCISE',
  'COMPLETION_FOREIGN_EXERCISE',
  'COMPLETION_ALREADY_ANSWERED',
  'COMPLETION_INVALID_ANSWER',
  'COMPLETION_LESSON_NOT_FINISHED',
  'COMPLETION_ANSWER_AFTER_END',
  'COMPLETION_LESSON_LOCKED',
  'COMPLETION_BLITZ_LOCKED',
  'COMPLETION_BLITZ_NOT_REACHED',
  'PRACTICE_INVALID_ANSWER',
  'PRACTICE_UNKNOWN_EXERCISE',
  'PUSH_ENDPOINT_NOT_ALLOWED',
  'PUSH_KEYS_INVALID',
] as const;
export type RefusalCode = (typeof refusalCodes)[number];

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
  'FREE_WEEK_USED',
  'SUBSCRIPTION_NOT_FOUND',
  'SUBSCRIPTION_NOT_CANCELABLE',
  'SUBSCRIPTION_NOT_RESUMABLE',
  'CARD_NOT_CHANGEABLE',
  'WEBHOOK_SIGNATURE_INVALID',
  'PAYMENT_PROVIDER_UNAVAILABLE',
  'SUBSCRIPTIONS_UNAVAILABLE',
] as const;
export type BillingErrorCode = (typeof billingErrorCodes)[number];

/**
 * Every code the API may answer with: the server's `AppError` takes only these, so a code is declared here
 * (and given a text in every language: apps/web/src/lib/error-codes.test.ts) before it can be thrown.
 */
export const errorCodes = [
  ...requestErrorCodes,
  ...refusalCodes,
  ...billingErrorCodes,
  ...socialErrorCodes,
  // The field codes of SPEC §5 (core's validation), a time zone Intl does not know, a sign-in provider's
  // name in a social call's path.
  ...registrationErrorCodes,
  ...profileErrorCodes,
  'error-age-not-valid',
  'error-name-too-long',
  'error-time-zone-not-valid',
  'UNKNOWN_NETWORK',
  // A one-click unsubscribe (RFC 8058) whose body is no form: sent by mail clients, never shown in the app.
  'INVALID_FORM',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

const knownCodes = new Set<string>(errorCodes);
export function isErrorCode(text: string): text is ErrorCode {
  return knownCodes.has(text);
}
