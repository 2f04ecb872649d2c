import { z } from 'zod';

/**
 * Account field rules of SPEC §5, written once and used by the API and by the web forms.
 * Each issue message is the stable error code the web app translates.
 */

export const MIN_PASSWORD_LENGTH = 6;
export const MIN_LEARNER_AGE = 13;
export const MAX_LEARNER_AGE = 120;

// SPEC §5: "word parts, at sign, domain with 2-3 letter ending".
const EMAIL_PATTERN = /^\w+([.+-]?\w+)*@\w+([.-]?\w+)*(\.[A-Za-z]{2,3})+$/;

export const registrationErrorCodes = [
  'error-name-not-set',
  'error-age-not-set',
  'error-age-too-young',
  'error-email-not-set',
  'error-email-not-valid',
  'error-password-not-set',
  'error-password-too-short',
] as const;
export type RegistrationErrorCode = (typeof registrationErrorCodes)[number];

export const profileErrorCodes = ['old-password-empty', 'new-password-len', 'error-password-match'] as const;
export type ProfileErrorCode = (typeof profileErrorCodes)[number];

export type ValidationErrorCode = RegistrationErrorCode | ProfileErrorCode | 'error-age-not-valid';

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const nameSchema = z.string().trim().min(1, 'error-name-not-set').max(80, 'error-name-too-long');

/** Age arrives as a number from the API and as text from a form field; both are accepted. */
export const ageSchema = z
  .union([z.number(), z.string().trim()], { error: 'error-age-not-set' })
  .transform((value) => (typeof value === 'string' ? (value === '' ? 0 : Number(value)) : value))
  .pipe(
    z
      .number({ error: 'error-age-not-set' })
      .refine((age) => Number.isFinite(age) && age !== 0, 'error-age-not-set')
      .refine((age) => Number.isInteger(age) && age > 0 && age <= MAX_LEARNER_AGE, 'error-age-not-valid')
      .refine((age) => age >= MIN_LEARNER_AGE, 'error-age-too-young'),
  );

export const emailSchema = z
  .string({ error: 'error-email-not-set' })
  .trim()
  .min(1, { error: 'error-email-not-set', abort: true })
  .max(254, 'error-email-not-valid')
  .regex(EMAIL_PATTERN, 'error-email-not-valid')
  .transform(normaliseEmail);

export const passwordSchema = z
  .string({ error: 'error-password-not-set' })
  .min(1, { error: 'error-password-not-set', abort: true })
  .min(MIN_PASSWORD_LENGTH, 'error-password-too-short')
  .max(200, 'error-password-too-long');

/** Field order is the order of SPEC §5: the first issue reported is the one the user sees. */
export const registrationSchema = z.object({
  name: z.string({ error: 'error-name-not-set' }).pipe(nameSchema),
  age: ageSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type RegistrationInput = z.input<typeof registrationSchema>;
export type Registration = z.output<typeof registrationSchema>;

/** The first broken rule, in the spec's order, or null when the input is valid. */
export function firstRegistrationError(input: unknown): string | null {
  const result = registrationSchema.safeParse(input ?? {});
  return result.success ? null : (result.error.issues[0]?.message ?? 'error-name-not-set');
}

export interface PasswordChangeInput {
  oldPassword?: string | undefined;
  newPassword?: string | undefined;
  repeatPassword?: string | undefined;
}

/**
 * SPEC §5 profile rules: a new password needs the current one, is at least 6 characters long, and the
 * repeat (when the form asks for it) must match. Inputs are trimmed.
 */
export function passwordChangeError(input: PasswordChangeInput): ProfileErrorCode | null {
  const oldPassword = input.oldPassword?.trim() ?? '';
  const newPassword = input.newPassword?.trim() ?? '';
  if (newPassword === '' && oldPassword === '') return null;
  if (oldPassword === '') return 'old-password-empty';
  if (newPassword.length < MIN_PASSWORD_LENGTH) return 'new-password-len';
  if (input.repeatPassword !== undefined && input.repeatPassword.trim() !== newPassword) {
    return 'error-password-match';
  }
  return null;
}
