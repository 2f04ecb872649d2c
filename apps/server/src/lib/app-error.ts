import type { ErrorCode } from '@parlo/contract/errors';

/**
 * The one error the API throws on purpose. It is sent as `{ error: { code, message } }`; `code` is stable
 * (the spec's keys such as EMAIL_ALREADY_EXISTS or error-name-not-set) and the web app translates it.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    /** Sent as `Retry-After` (429 and 503 refusals that end by themselves). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const errors = {
  validation: (code: ErrorCode, message = validationMessages[code] ?? 'The request is not valid.') =>
    new AppError(400, code, message),
  unauthorized: () => new AppError(401, 'UNAUTHORIZED', 'Sign in to continue.'),
  forbidden: () => new AppError(403, 'FORBIDDEN', 'You can only see and change your own data.'),
  notFound: (what = 'Resource') => new AppError(404, 'NOT_FOUND', `${what} not found.`),
  tooManyRequests: (retryAfterSeconds: number) =>
    new AppError(
      429,
      'TOO_MANY_REQUESTS',
      `Too many attempts. Try again in ${retryAfterSeconds} s.`,
      retryAfterSeconds,
    ),
};

/** English texts of the validation codes of SPEC §5; the web app shows its own translations. */
export const validationMessages: Partial<Record<ErrorCode, string>> = {
  'error-name-not-set': 'Name is empty',
  'error-name-too-long': 'Name is too long',
  'error-age-not-set': 'Age is not set',
  'error-age-not-valid': 'Age is not valid',
  'error-age-too-young': 'Parlo is for learners aged 13 and over',
  'error-email-not-set': 'E-mail is empty',
  'error-email-not-valid': 'E-mail is not valid',
  'error-password-not-set': 'Password is empty',
  'error-password-too-short': 'Password must be at least 6 characters',
  'error-password-too-long': 'Password is too long',
  'old-password-empty': 'Current password not specified',
  'new-password-len': 'New password must be at least 6 characters',
  'error-password-match': 'Passwords do not match',
  'error-time-zone-not-valid': 'Time zone is not valid',
};
