import type { SocialErrorCode, SocialNetwork } from '@parlo/contract/social';
import { normaliseEmail } from '@parlo/core/validation/user-validation';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { markEmailVerified } from '../auth/email-verification.repository.ts';
import { createUser, findUserByEmail, findUserById } from '../users/users.repository.ts';
import { connectionsOf, deleteConnection, findConnection, insertConnection } from './social.repository.ts';
import type { ProviderProfile } from './social-provider.ts';

/** English texts of the social sign-in codes; the web app shows its own translations. */
const messages: Record<SocialErrorCode, string> = {
  SOCIAL_NOT_CONFIGURED: 'Signing in with this provider is not set up on this server.',
  SOCIAL_CANCELLED: 'Signing in was cancelled at the provider.',
  SOCIAL_STATE_INVALID: 'This sign-in is no longer valid (expired or already used). Please try again.',
  SOCIAL_PROVIDER_FAILED: 'The provider did not confirm who you are. Please try again.',
  SOCIAL_EMAIL_NOT_VERIFIED:
    'An account with this e-mail exists. Sign in with your password, then link the provider in Settings.',
  SOCIAL_SIGN_UP_EXPIRED: 'This sign-up has expired. Please sign in with the provider again.',
  USER_ALREADY_CONNECTED: 'This provider account is already connected to another Parlo account.',
  SOCIAL_TOKEN_INVALID: 'The provider did not accept this token.',
  LAST_SIGN_IN_METHOD: 'This is your only way to sign in; set a password or link another provider first.',
};

export function socialError(status: number, code: SocialErrorCode): AppError {
  return new AppError(status, code, messages[code]);
}

/** What a new account still needs that the provider did not give. */
export interface MissingDetails {
  age?: number;
  email?: string;
}

export type SignInOutcome =
  | { kind: 'signed-in'; userId: string; created: boolean }
  | { kind: 'needs-details'; needsAge: boolean; needsEmail: boolean };

/**
 * Issue 12 account rules: a linked provider account signs in to its learner; a verified provider e-mail
 * of an existing account links to it; an unverified one is refused (the learner signs in with the
 * password and links from settings); otherwise a new account is made once age and e-mail are known.
 */
export async function signInWithProvider(
  db: Database,
  profile: ProviderProfile,
  details: MissingDetails & { uiLanguage?: string; timeZone?: string },
  now: Date,
): Promise<SignInOutcome> {
  const linked = await findConnection(db, profile.network, profile.subject);
  if (linked) return { kind: 'signed-in', userId: linked.userId, created: false };

  const providerEmail = profile.email ? normaliseEmail(profile.email) : null;
  if (providerEmail) {
    const owner = await findUserByEmail(db, providerEmail);
    if (owner) {
      if (!profile.emailVerified) throw socialError(409, 'SOCIAL_EMAIL_NOT_VERIFIED');
      await linkProvider(db, owner.id, profile, now);
      return { kind: 'signed-in', userId: owner.id, created: false };
    }
  }

  const email = providerEmail ?? (details.email ? normaliseEmail(details.email) : null);
  if (details.age === undefined || email === null) {
    return { kind: 'needs-details', needsAge: details.age === undefined, needsEmail: email === null };
  }
  // An e-mail typed by the learner is not verified: it cannot take over an existing account.
  if (!providerEmail && (await findUserByEmail(db, email))) {
    throw new AppError(409, 'EMAIL_ALREADY_EXISTS', 'User with this email already exists');
  }
  const user = await createUser(
    db,
    {
      name: profile.name.slice(0, 100),
      age: details.age,
      email,
      passwordHash: null,
      uiLanguage: details.uiLanguage,
      timeZone: details.timeZone,
      connection: { provider: profile.network, subject: profile.subject, email: profile.email },
      // The provider's own address, when it says the address is verified, needs no link of ours.
      emailVerifiedAt: providerEmail && profile.emailVerified ? now : null,
    },
    now,
  );
  if (!user) throw new AppError(409, 'EMAIL_ALREADY_EXISTS', 'User with this email already exists');
  return { kind: 'signed-in', userId: user.id, created: true };
}

/**
 * Links a provider account to a learner. SPEC §4 'User already connected': the provider account belongs
 * to another learner, or this learner already has another account of that provider.
 */
export async function linkProvider(
  db: Database,
  userId: string,
  profile: ProviderProfile,
  now: Date,
): Promise<void> {
  const linked = await findConnection(db, profile.network, profile.subject);
  if (linked?.userId === userId) return;
  if (linked || !(await insertConnection(db, userId, profile, now))) {
    throw socialError(409, 'USER_ALREADY_CONNECTED');
  }
  // A provider that vouches for the account's own address confirms it, as a mailed link would.
  if (profile.email && profile.emailVerified) {
    await markEmailVerified(db, userId, normaliseEmail(profile.email), now);
  }
}

/** The last way to sign in (no password, one provider) cannot be unlinked. */
export async function unlinkProvider(db: Database, userId: string, network: SocialNetwork): Promise<void> {
  const [user, linked] = await Promise.all([findUserById(db, userId), connectionsOf(db, userId)]);
  if (!linked.some((connection) => connection.provider === network)) {
    throw new AppError(404, 'NOT_FOUND', 'This provider is not linked.');
  }
  if (!user?.passwordHash && linked.length <= 1) throw socialError(409, 'LAST_SIGN_IN_METHOD');
  await deleteConnection(db, userId, network);
}
