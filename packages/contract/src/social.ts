import { interfaceLanguages } from '@parlo/core/i18n/interface-languages';
import { ageSchema, emailSchema } from '@parlo/core/validation/user-validation';
import { z } from 'zod';
import { sessionSchema, signUpTimeZone } from './accounts.ts';
import { defineCall } from './call.ts';
import { documentedRules, hasNoNul, noContent, NUL_NOT_ALLOWED, text } from './fields.ts';
import { startSocialSignInRoute } from './routes.ts';

const tags = ['social sign-in'];

/** SPEC §7 network codes: Google, Facebook, VK ID. */
export const socialNetworks = ['g', 'fb', 'vk'] as const;
export type SocialNetwork = (typeof socialNetworks)[number];
const network = z.enum(socialNetworks, { error: 'UNKNOWN_NETWORK' });

/**
 * Codes the browser flow puts in `?social-error=` on /login or /settings/general; the web app translates
 * them (issue 12). Refusals of the JSON calls use the same codes.
 */
export const socialErrorCodes = [
  'SOCIAL_NOT_CONFIGURED',
  'SOCIAL_CANCELLED',
  'SOCIAL_STATE_INVALID',
  'SOCIAL_PROVIDER_FAILED',
  'SOCIAL_EMAIL_NOT_VERIFIED',
  'SOCIAL_SIGN_UP_EXPIRED',
  'USER_ALREADY_CONNECTED',
  'SOCIAL_TOKEN_INVALID',
  'LAST_SIGN_IN_METHOD',
] as const;
export type SocialErrorCode = (typeof socialErrorCodes)[number];

/** An e-mail the learner typed because the provider gave none: the SPEC §5 rule, as on sign-up. */
const typedEmail = z
  .string({ error: 'error-email-not-set' })
  .refine(hasNoNul, { error: NUL_NOT_ALLOWED, abort: true })
  .pipe(emailSchema)
  .meta(documentedRules.email);

/** Where the browser goes after the provider: a page of the web app, optionally with `?social-error=`. */
const redirect = z.null().describe('302 to the provider, or back to a page of the web app');

export const socialProviders = defineCall({
  method: 'GET',
  path: '/api/auth/social/providers',
  tags,
  summary: 'The social sign-in providers this server is set up for (their buttons show on /login)',
  access: 'anyone',
  status: 200,
  response: z.object({ networks: z.array(z.enum(socialNetworks)) }).meta({ id: 'SocialProviders' }),
  refusals: [],
});

export const startSocialSignIn = defineCall({
  ...startSocialSignInRoute,
  tags,
  summary: 'Send the browser to the provider (authorization code with PKCE, state and nonce)',
  description:
    '`purpose=link` (signed in, from settings) links the provider to the current account; otherwise it signs in. Refusals come back as a redirect to /login (or settings) with `?social-error=`.',
  access: 'anyone',
  params: z.object({ network }),
  query: z.object({ purpose: z.enum(['sign-in', 'link']).optional() }),
  status: 302,
  response: redirect,
  refusals: [],
});

export const finishSocialSignIn = defineCall({
  method: 'GET',
  path: '/api/auth/social/:network/callback',
  tags,
  summary: "The provider's redirect back (the redirect URI to register with each provider)",
  description:
    'Signs in (→ /social-signed-in, then /dashboard), creates an account (→ /select-course, or /social-sign-up when age or e-mail is missing) or links (→ /settings/general). Every failure redirects with `?social-error=`.',
  access: 'anyone',
  params: z.object({ network }),
  query: z.object({
    code: text(2048).optional(),
    state: text(512).optional(),
    error: text(512).optional(),
    device_id: text(512).optional(),
  }),
  status: 302,
  response: redirect,
  refusals: [],
});

/** What the /social-sign-up page shows while a new account waits for the learner's age or e-mail. */
export const pendingSocialSignUp = defineCall({
  method: 'GET',
  path: '/api/auth/social/sign-up',
  tags,
  summary: 'The provider account waiting to become a Parlo account (from the short-lived cookie)',
  access: 'anyone',
  status: 200,
  response: z
    .object({
      network: z.enum(socialNetworks),
      name: z.string(),
      email: z.string().nullable(),
      needsAge: z.boolean(),
      needsEmail: z.boolean(),
    })
    .meta({ id: 'PendingSocialSignUp' }),
  refusals: [404],
});

export const completeSocialSignUp = defineCall({
  method: 'POST',
  path: '/api/auth/social/sign-up',
  tags,
  summary: 'Create the account with the age (and e-mail) the provider did not give; under 13 is refused',
  access: 'anyone',
  body: z
    .object({
      age: ageSchema.optional(),
      email: typedEmail.optional(),
      uiLanguage: z.enum(interfaceLanguages).optional(),
      timeZone: signUpTimeZone,
    })
    .meta({ id: 'SocialSignUpCompletion' }),
  status: 200,
  response: sessionSchema,
  refusals: [400, 404, 409],
});

/**
 * SPEC §7 users/social for the mobile apps: the app signs in with the provider's SDK and sends its token
 * (Google: the ID token; Facebook and VK: the access token). A new account needs the age, and the e-mail
 * when the provider gives none.
 */
export const socialSignIn = defineCall({
  method: 'POST',
  path: '/api/users/social',
  tags,
  summary: "Sign in with a provider's token (verified with the provider); creates the account if new",
  access: 'anyone',
  body: z
    .object({
      network,
      token: text(8192).min(1),
      age: ageSchema.optional(),
      email: typedEmail.optional(),
      /** Used only when this creates the account. */
      timeZone: signUpTimeZone,
    })
    .meta({ id: 'SocialSignInRequest' }),
  status: 200,
  response: sessionSchema,
  refusals: [400, 401, 409, 429],
});

export const connectionSchema = z.object({
  network: z.enum(socialNetworks),
  email: z.string().nullable(),
  linkedAt: z.string(),
});

export const connections = defineCall({
  method: 'GET',
  path: '/api/users/me/connections',
  tags,
  summary: 'The providers linked to this account, and whether it has a password',
  access: 'learner',
  status: 200,
  response: z
    .object({
      connections: z.array(connectionSchema),
      hasPassword: z.boolean(),
      available: z.array(z.enum(socialNetworks)),
    })
    .meta({ id: 'Connections' }),
  refusals: [],
});

export const unlinkConnection = defineCall({
  method: 'POST',
  path: '/api/users/me/connections/:network/unlink',
  tags,
  summary: 'Unlink a provider; the last way to sign in cannot be unlinked (409 LAST_SIGN_IN_METHOD)',
  access: 'learner',
  params: z.object({ network }),
  status: 204,
  response: noContent,
  refusals: [404, 409],
});
