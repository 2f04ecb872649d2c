import type { SocialNetwork } from '@parlo/contract/social';

/** What a provider told us about the person signing in. */
export interface ProviderProfile {
  network: SocialNetwork;
  /** The provider's stable id of the person. */
  subject: string;
  name: string;
  email: string | null;
  /** Only a provider that says the e-mail is verified may sign in to an existing account with that e-mail. */
  emailVerified: boolean;
}

/** The secrets of one browser round trip to the provider, kept server-side until its answer comes back. */
export interface SignInAttempt {
  state: string;
  codeVerifier: string;
  nonce: string;
}

/** What came back from the provider: the person, and the token that lets us forget them again. */
export interface ProviderAnswer {
  profile: ProviderProfile;
  accessToken: string | null;
}

/**
 * One sign-in provider (epic-stack's connection interface): the browser flow, the mobile token check and
 * forgetting the provider session (SPEC §4 'User already connected').
 */
export interface SocialProvider {
  network: SocialNetwork;
  authorizationUrl(attempt: SignInAttempt): Promise<URL>;
  /** `callbackUrl` is the redirect URI with the provider's query string. */
  finish(callbackUrl: URL, attempt: SignInAttempt): Promise<ProviderAnswer>;
  /** A token a mobile app got from the provider's SDK (Google: ID token; others: access token). */
  verifyToken(token: string): Promise<ProviderProfile>;
  /** Ends our grant at the provider; best effort. */
  forget(accessToken: string): Promise<void>;
}

/** The provider refused, or answered something we cannot use; the message is for the log only. */
export class ProviderRefused extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderRefused';
  }
}

/** Calls to a provider never hang a request: ten seconds, then it counts as refused. */
export const PROVIDER_TIMEOUT_MS = 10_000;

export async function readJson(response: Response, what: string): Promise<unknown> {
  if (!response.ok) throw new ProviderRefused(`${what} answered ${response.status}`);
  try {
    return await response.json();
  } catch (error) {
    throw new ProviderRefused(`${what} did not answer JSON`, { cause: error });
  }
}
