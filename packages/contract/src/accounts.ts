import { phraseVoices } from '@parlo/core/audio/device-voice';
import { interfaceLanguages } from '@parlo/core/i18n/interface-languages';
import { programProgressSchema } from '@parlo/core/progression/progress';
import { isTimeZone } from '@parlo/core/time/time-zone';
import { ageSchema, emailSchema, nameSchema, passwordSchema } from '@parlo/core/validation/user-validation';
import { z } from 'zod';
import { defineCall } from './call.ts';
import {
  documentedRules,
  fileAnswer,
  hasNoNul,
  idText,
  noContent,
  NUL_NOT_ALLOWED,
  text,
  userId,
} from './fields.ts';
import { meRoute, sessionRoute } from './routes.ts';

const tags = ['accounts'];
/** A call on an account or its settings by id: another learner's is refused (403), an unknown one too (404). */
const ownRecordRefusals = [403, 404] as const;
/** The same, for a call that also takes fields to check (400). */
const ownRecordChangeRefusals = [400, ...ownRecordRefusals] as const;

/** A text field of SPEC §5: its own code when it is missing, NUL_NOT_ALLOWED before its other rules. */
function specText(notSetCode: string) {
  return z.string({ error: notSetCode }).refine(hasNoNul, { error: NUL_NOT_ALLOWED, abort: true });
}

// ---- What the API answers about a user ----

export const statisticsSchema = z.object({
  id: z.number().int(),
  userId: z.string(),
  points: z.number().int(),
  words: z.number().int(),
  days: z.number().int(),
  daysContinuous: z.number().int(),
  rightAnswers: z.number().int(),
  errorCount: z.number().int(),
  /** Seven flags, Monday first: the days of this week with a lesson. */
  weekActivity: z.array(z.boolean()).length(7),
  timestamp: z.number().int(),
});

const weekFlags = z.array(z.boolean()).length(7);

export const settingsSchema = z.object({
  id: z.number().int(),
  userId: z.string(),
  timestamp: z.number().int(),
  pushToken: z.string().nullable(),
  uiLanguage: z.enum(interfaceLanguages),
  zoneOffset: z.number().int(),
  /** The learner's IANA time zone (`Asia/Tokyo`): days, streak and reminders follow its midnight. */
  timeZone: z.string(),
  microphone: z.boolean(),
  voiceGuidance: z.boolean(),
  soundEffects: z.boolean(),
  /** Phrases in the device's voice when it has a good one for the course, or always in Parlo's recordings. */
  voice: z.enum(phraseVoices),
  motivationNotification: z.boolean(),
  /** Seven booleans, Monday first. */
  notificationDays: weekFlags,
  /** Minutes since midnight (SPEC §3), shown as HH:MM. */
  notificationTime: z.number().int(),
  /** Reminders by e-mail as well, for learners without push (issue 13). */
  emailReminders: z.boolean(),
});
export type Settings = z.output<typeof settingsSchema>;

export const learningProgressSchema = z.object({
  id: z.number().int(),
  userId: z.string(),
  timestamp: z.number().int(),
  selected: z.array(programProgressSchema),
});

export const userSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    age: z.number().int(),
    email: z.string(),
    /** The learner confirmed the address (a mailed link, or a provider that says it is verified). */
    emailVerified: z.boolean(),
    avatar: z.string().nullable(),
    /** Set while a subscription gives access (SPEC §4 premium). */
    subscriptionId: z.string().nullable(),
    network: z.string().nullable(),
    skillLevel: z.string().nullable(),
    learnedPackageId: z.number().int().nullable(),
    spokenLanguageId: z.number().int().nullable(),
    statistics: statisticsSchema,
    settings: settingsSchema,
    learningProgress: learningProgressSchema,
  })
  .meta({ id: 'User' });
export type PublicUser = z.output<typeof userSchema>;
/** The user as the server writes it (progress entries may lack the fields that have defaults). */
export type PublicUserRecord = z.input<typeof userSchema>;

/** Login and register both answer with the token (also set as an httpOnly cookie) and the user. */
export const sessionSchema = z.object({ accessToken: z.string(), user: userSchema }).meta({ id: 'Session' });

// ---- Sign-up, sign-in, sign-out, password reset and change (SPEC §7 users/*) ----

/** A time zone Intl does not know. */
export const TIME_ZONE_NOT_VALID = 'error-time-zone-not-valid';

/** An IANA zone name (`Asia/Tokyo`) Intl knows. */
export const timeZoneSchema = z
  .string({ error: TIME_ZONE_NOT_VALID })
  .max(64, { error: TIME_ZONE_NOT_VALID })
  .refine(isTimeZone, { error: TIME_ZONE_NOT_VALID });

/**
 * The browser's zone, sent with the sign-up so the first reminder (and the first day) is on the learner's
 * clock from the start; absent, the account starts in UTC until the browser sends it (ADR 040).
 */
export const signUpTimeZone = timeZoneSchema.optional();

/**
 * The fields run in the order of SPEC §5, so the first broken rule decides the error code. The interface
 * language is one of the ten or absent (then English).
 */
export const register = defineCall({
  method: 'POST',
  path: '/api/users/register',
  tags,
  summary: 'Create an account (SPEC §5 rules, in order) and sign in',
  access: 'anyone',
  body: z
    .object({
      name: specText('error-name-not-set').pipe(nameSchema).meta(documentedRules.name),
      age: ageSchema,
      email: specText('error-email-not-set').pipe(emailSchema).meta(documentedRules.email),
      password: specText('error-password-not-set').pipe(passwordSchema).meta(documentedRules.password),
      uiLanguage: z.enum(interfaceLanguages).optional(),
      timeZone: signUpTimeZone,
    })
    .meta({ id: 'RegisterRequest' }),
  status: 200,
  response: sessionSchema,
  refusals: [400, 409, 429],
});

export const login = defineCall({
  method: 'POST',
  path: '/api/users/login',
  tags,
  summary: 'Sign in with e-mail and password; a new token each time',
  access: 'anyone',
  body: z.object({ email: text(320), password: text(200) }).meta({ id: 'LoginRequest' }),
  status: 200,
  response: sessionSchema,
  refusals: [400, 401, 429],
});

export const logout = defineCall({
  method: 'POST',
  path: '/api/users/logout',
  tags,
  summary: 'End this session; its token stops working at once',
  access: 'learner',
  status: 204,
  response: noContent,
  refusals: [],
});

export const requestPasswordReset = defineCall({
  method: 'POST',
  path: '/api/users/reset',
  tags,
  summary: 'Mail a single-use link (valid one hour) to set a new password',
  access: 'anyone',
  body: z.object({ email: text(320) }).meta({ id: 'PasswordResetRequest' }),
  status: 204,
  response: noContent,
  // SPEC §8: any answer but 204 means 'User not found'.
  refusals: [400, 404, 429],
});

export const confirmPasswordReset = defineCall({
  method: 'POST',
  path: '/api/users/reset/confirm',
  tags,
  summary: 'Set a new password from a mailed reset link; signs out every device',
  access: 'anyone',
  body: z
    .object({ token: text(200).min(1), password: text(1000).meta(documentedRules.password) })
    .meta({ id: 'PasswordResetConfirm' }),
  status: 204,
  response: noContent,
  refusals: [400, 429],
});

/** Mails a new link that confirms the account's address (the 'send again' button); rate-limited. */
export const sendEmailVerification = defineCall({
  method: 'POST',
  path: '/api/users/verify-email/send',
  tags,
  summary: 'Mail a new single-use link (valid 24 hours) that confirms the e-mail address',
  description: '409 EMAIL_ALREADY_VERIFIED when the address is confirmed; 429 after 3 mails in 15 minutes.',
  access: 'learner',
  status: 204,
  response: noContent,
  refusals: [409, 429],
});

/**
 * Confirms the address a mailed link was sent to. A link mailed in answer to a password-reset request
 * (for an address not yet confirmed) answers a reset token too: the page goes on to the new password.
 */
export const confirmEmailVerification = defineCall({
  method: 'POST',
  path: '/api/users/verify-email/confirm',
  tags,
  summary: 'Confirm the e-mail address from a mailed link',
  access: 'anyone',
  body: z.object({ token: text(200).min(1) }).meta({ id: 'EmailVerificationConfirm' }),
  status: 200,
  response: z.object({ resetToken: z.string().nullable() }).meta({ id: 'EmailVerified' }),
  refusals: [400, 429],
});

export const changePassword = defineCall({
  method: 'POST',
  path: '/api/users/change-password',
  tags,
  summary: 'Change the password (current one required); other devices are signed out',
  access: 'learner',
  body: z
    .object({
      oldPassword: text(200).optional(),
      newPassword: text(200).meta(documentedRules.password).optional(),
    })
    .meta({ id: 'ChangePasswordRequest' }),
  status: 204,
  response: noContent,
  // 429: the current password is guessed like a sign-in (the sign-in limits, README "Sign-in limits").
  refusals: [400, 429],
});

// ---- One's own account (SPEC §7 GET users/{id}, POST users/{id}/update) ----

export const me = defineCall({
  ...meRoute,
  tags,
  summary: 'The signed-in user',
  access: 'learner',
  status: 200,
  response: userSchema,
  refusals: [],
});

/** The web app's "am I signed in?": the user, or null for a guest (200 either way, no 401 to log). */
export const session = defineCall({
  ...sessionRoute,
  tags,
  summary: 'The signed-in user, or null when the request carries no valid session',
  access: 'anyone',
  status: 200,
  response: z.object({ user: userSchema.nullable() }).meta({ id: 'Session' }),
  refusals: [],
});

export const getUser = defineCall({
  method: 'GET',
  path: '/api/users/:id',
  tags,
  summary: 'A user with statistics, settings and learning progress (own account only)',
  access: 'learner',
  params: z.object({ id: userId }),
  status: 200,
  response: userSchema,
  refusals: ownRecordRefusals,
});

export const updateUser = defineCall({
  method: 'POST',
  path: '/api/users/:id/update',
  tags,
  summary: 'Change name, age or avatar (own account only)',
  access: 'learner',
  params: z.object({ id: userId }),
  body: z
    .object({
      name: specText('error-name-not-set').pipe(nameSchema).meta(documentedRules.name),
      age: ageSchema,
      /** Only the URL the avatar upload answered for this account (or null to remove it). */
      avatar: text(2048).nullable(),
    })
    .partial()
    .meta({ id: 'UserUpdate' }),
  status: 200,
  response: userSchema,
  refusals: ownRecordChangeRefusals,
});

/** The settings a client may replace; ids and the user stay the server's. */
export const settingsChangeSchema = z
  .object({
    pushToken: text(4096).nullable(),
    uiLanguage: z.enum(interfaceLanguages),
    zoneOffset: z
      .number()
      .int()
      .min(-14 * 60)
      .max(14 * 60),
    /** The browser's zone; the server then keeps zoneOffset as the offset in force now. */
    timeZone: timeZoneSchema,
    microphone: z.boolean(),
    voiceGuidance: z.boolean(),
    soundEffects: z.boolean(),
    voice: z.enum(phraseVoices),
    motivationNotification: z.boolean(),
    notificationDays: weekFlags,
    notificationTime: z
      .number()
      .int()
      .min(0)
      .max(24 * 60 - 1),
    emailReminders: z.boolean(),
  })
  .partial();
export type SettingsChange = z.input<typeof settingsChangeSchema>;

export const replaceSettings = defineCall({
  method: 'POST',
  path: '/api/settings/:id/replace',
  tags,
  summary: 'Replace the given settings fields (own settings only)',
  access: 'learner',
  params: z.object({ id: idText }),
  // A client timestamp is accepted for SPEC compatibility but the server's clock stamps the change.
  body: settingsChangeSchema
    .extend({ timestamp: z.number().int().optional() })
    .meta({ id: 'SettingsChange' }),
  status: 200,
  response: settingsSchema,
  refusals: ownRecordChangeRefusals,
});

/** The avatar upload takes one picture as multipart/form-data, so its body is not described as JSON. */
export const AVATAR_MAX_BYTES = 1024 * 1024;

export const uploadAvatar = defineCall({
  method: 'POST',
  path: '/api/upload/avatar',
  tags,
  summary: 'Upload the profile photo (multipart/form-data, one file field): it becomes the avatar',
  description: `JPEG, PNG or WebP up to ${AVATAR_MAX_BYTES} bytes and 4096×4096 pixels, stored as a 300×300 WebP (400 INVALID_IMAGE when it cannot be read or is another format). One upload at a time and 20 an hour per account (429); pictures are made one at a time, and a full queue answers 503 AVATAR_BUSY with Retry-After. Answers the URL, already saved on the user.`,
  access: 'learner',
  consumes: ['multipart/form-data'],
  status: 200,
  response: z.object({ url: z.string() }),
  refusals: [400, 413, 429],
});

export const avatar = defineCall({
  method: 'GET',
  path: '/api/avatars/:userId',
  tags,
  summary: 'A profile photo (the URL carries its version, so it is cached for a year)',
  access: 'anyone',
  params: z.object({ userId }),
  query: z.object({ v: text(64).optional() }),
  status: 200,
  response: fileAnswer(
    ['image/webp', 'image/jpeg', 'image/png'],
    'The photo (WebP; older uploads JPEG or PNG)',
  ),
  refusals: [400, 404],
});
