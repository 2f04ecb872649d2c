import { z } from 'zod';

/**
 * Account field rules of SPEC §5, written once and used by the API and by the web forms.
 * Each issue message is the stable error code the web app translates.
 */

export const MIN_PASSWORD_LENGTH = 6;
export const MIN_LEARNER_AGE = 13;
export const MAX_LEARNER_AGE = 120;

export const MAX_PASSWORD_LENGTH = 200;
export const MAX_EMAIL_LENGTH = 254;

const isWordChar = (code: number) =>
  (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
const isAsciiLetter = (code: number) => (code >= 65 && code <= 90) || (code >= 97 && code <= 122);

/** Runs of word characters (A-Z, a-z, 0-9, _) joined by single separators; null if any run is empty. */
function wordRuns(text: string, separators: string): { runs: string[]; lastSeparator: string } | null {
  const runs: string[] = [];
  let start = 0;
  let lastSeparator = '';
  for (let index = 0; index <= text.length; index += 1) {
    if (index < text.length && isWordChar(text.charCodeAt(index))) continue;
    if (index === start) return null;
    runs.push(text.slice(start, index));
    if (index < text.length) {
      if (!separators.includes(text.charAt(index))) return null;
      lastSeparator = text.charAt(index);
    }
    start = index + 1;
  }
  return { runs, lastSeparator };
}

/**
 * SPEC §5: "word parts, at sign, domain with 2-3 letter ending" — word parts joined by single `.`, `+` or
 * `-`; the domain's parts joined by `.` or `-`, ending in a dot and 2-3 letters. A single scan, so no input
 * can make it slow (the regular expression it replaces backtracked for 26 s on 35 characters).
 */
export function isEmailAddress(text: string): boolean {
  if (text.length > MAX_EMAIL_LENGTH) return false;
  const at = text.indexOf('@');
  if (at <= 0 || text.indexOf('@', at + 1) !== -1) return false;
  const local = wordRuns(text.slice(0, at), '.+-');
  const domain = wordRuns(text.slice(at + 1), '.-');
  if (!local || !domain || domain.runs.length < 2 || domain.lastSeparator !== '.') return false;
  const ending = domain.runs[domain.runs.length - 1] ?? '';
  if (ending.length < 2 || ending.length > 3) return false;
  for (let index = 0; index < ending.length; index += 1) {
    if (!isAsciiLetter(ending.charCodeAt(index))) return false;
  }
  return true;
}

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

export const profileErrorCodes = [
  'old-password-empty',
  'new-password-len',
  'error-password-too-long',
  'error-password-match',
] as const;
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
  .max(MAX_EMAIL_LENGTH, { error: 'error-email-not-valid', abort: true })
  .refine(isEmailAddress, 'error-email-not-valid')
  .transform(normaliseEmail);

/**
 * The one password rule, for sign-up, sign-in, change and reset: 6 to 200 characters, taken exactly as
 * typed (never trimmed), so a password with a leading or trailing space works everywhere or nowhere.
 */
export const passwordSchema = z
  .string({ error: 'error-password-not-set' })
  .min(1, { error: 'error-password-not-set', abort: true })
  .min(MIN_PASSWORD_LENGTH, 'error-password-too-short')
  .max(MAX_PASSWORD_LENGTH, 'error-password-too-long');

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
 * SPEC §5 profile rules: a new password needs the current one, follows the one password rule (as typed,
 * never trimmed), and the repeat (when the form asks for it) must match.
 */
export function passwordChangeError(input: PasswordChangeInput): ProfileErrorCode | null {
  const oldPassword = input.oldPassword ?? '';
  const newPassword = input.newPassword ?? '';
  if (newPassword === '' && oldPassword === '') return null;
  if (oldPassword === '') return 'old-password-empty';
  const rule = passwordSchema.safeParse(newPassword);
  if (!rule.success) {
    return rule.error.issues[0]?.message === 'error-password-too-long'
      ? 'error-password-too-long'
      : 'new-password-len';
  }
  if (input.repeatPassword !== undefined && input.repeatPassword !== newPassword) {
    return 'error-password-match';
  }
  return null;
}
