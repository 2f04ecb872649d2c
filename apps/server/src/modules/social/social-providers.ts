import type { SocialNetwork } from '@parlo/contract/social';
import type { Env } from '../../env.ts';
import type { SocialProvider } from './social-provider.ts';

/** The exact redirect URI registered with each provider. */
export function redirectUriOf(env: Env, network: SocialNetwork): string {
  return new URL(`/api/auth/social/${network}/callback`, env.PUBLIC_URL).href;
}

/** The providers whose keys are set, in the order of the buttons; a provider without keys is not offered. */
export function socialProvidersOf(env: Env): Map<SocialNetwork, SocialProvider> {
  const providers = new Map<SocialNetwork, SocialProvider>();
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    const options = {
      issuer: env.GOOGLE_ISSUER_URL,
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
      redirectUri: redirectUriOf(env, 'g'),
    };
    providers.set(
      'g',
      onDemand('g', async () => (await import('./google.provider.ts')).googleProvider(options)),
    );
  }
  if (env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET) {
    const options = {
      dialogUrl: env.FACEBOOK_DIALOG_URL.replace(/\/+$/, ''),
      graphUrl: env.FACEBOOK_GRAPH_URL.replace(/\/+$/, ''),
      clientId: env.FACEBOOK_CLIENT_ID,
      clientSecret: env.FACEBOOK_CLIENT_SECRET,
      redirectUri: redirectUriOf(env, 'fb'),
    };
    providers.set(
      'fb',
      onDemand('fb', async () => (await import('./facebook.provider.ts')).facebookProvider(options)),
    );
  }
  if (env.VK_CLIENT_ID) {
    const options = {
      baseUrl: env.VK_ID_URL.replace(/\/+$/, ''),
      clientId: env.VK_CLIENT_ID,
      redirectUri: redirectUriOf(env, 'vk'),
    };
    providers.set(
      'vk',
      onDemand('vk', async () => (await import('./vk.provider.ts')).vkProvider(options)),
    );
  }
  return providers;
}

/**
 * A provider whose module (and openid-client, jose or arctic under it) is imported on its first use, not
 * at start (ADR 020): most instances have no provider keyed, and a keyed one is used a few times a day.
 */
function onDemand(network: SocialNetwork, load: () => Promise<SocialProvider>): SocialProvider {
  let loading: Promise<SocialProvider> | null = null;
  const provider = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
  return {
    network,
    authorizationUrl: async (attempt) => (await provider()).authorizationUrl(attempt),
    finish: async (callbackUrl, attempt) => (await provider()).finish(callbackUrl, attempt),
    verifyToken: async (token) => (await provider()).verifyToken(token),
    forget: async (accessToken) => (await provider()).forget(accessToken),
  };
}
