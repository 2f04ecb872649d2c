import type { SocialNetwork } from '@parlo/contract/social';
import type { Env } from '../../env.ts';
import { facebookProvider } from './facebook.provider.ts';
import { googleProvider } from './google.provider.ts';
import type { SocialProvider } from './social-provider.ts';
import { vkProvider } from './vk.provider.ts';

/** The exact redirect URI registered with each provider. */
export function redirectUriOf(env: Env, network: SocialNetwork): string {
  return new URL(`/api/auth/social/${network}/callback`, env.PUBLIC_URL).href;
}

/** The providers whose keys are set, in the order of the buttons; a provider without keys is not offered. */
export function socialProvidersOf(env: Env): Map<SocialNetwork, SocialProvider> {
  const providers = new Map<SocialNetwork, SocialProvider>();
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    providers.set(
      'g',
      googleProvider({
        issuer: env.GOOGLE_ISSUER_URL,
        clientId: env.GOOGLE_CLIENT_ID,
        clientSecret: env.GOOGLE_CLIENT_SECRET,
        redirectUri: redirectUriOf(env, 'g'),
      }),
    );
  }
  if (env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET) {
    providers.set(
      'fb',
      facebookProvider({
        dialogUrl: env.FACEBOOK_DIALOG_URL.replace(/\/+$/, ''),
        graphUrl: env.FACEBOOK_GRAPH_URL.replace(/\/+$/, ''),
        clientId: env.FACEBOOK_CLIENT_ID,
        clientSecret: env.FACEBOOK_CLIENT_SECRET,
        redirectUri: redirectUriOf(env, 'fb'),
      }),
    );
  }
  if (env.VK_CLIENT_ID) {
    providers.set(
      'vk',
      vkProvider({
        baseUrl: env.VK_ID_URL.replace(/\/+$/, ''),
        clientId: env.VK_CLIENT_ID,
        redirectUri: redirectUriOf(env, 'vk'),
      }),
    );
  }
  return providers;
}
