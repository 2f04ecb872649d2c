import { startSocialSignInRoute } from '@parlo/contract/routes';
import type { SocialNetwork } from '@parlo/contract/social';
import type { ReactNode } from 'react';
import { callUrl } from '../lib/api-client.ts';
import { FacebookLogo, GoogleLogo, VkLogo } from './ui/icons.tsx';

/** Provider names are brands: the same in every language. Shared by /login and the settings panel. */
export const providerNames: Record<SocialNetwork, string> = { g: 'Google', fb: 'Facebook', vk: 'VK ID' };

export const providerLogos: Record<SocialNetwork, ReactNode> = {
  g: <GoogleLogo />,
  fb: <FacebookLogo />,
  vk: <VkLogo />,
};

/**
 * The browser leaves for the provider through the server, which keeps the state, PKCE verifier and nonce
 * (a full navigation, not a fetch: the provider's page loads in this tab).
 */
export function socialStartUrl(network: SocialNetwork, purpose: 'sign-in' | 'link' = 'sign-in'): string {
  return callUrl(startSocialSignInRoute, { network }, purpose === 'link' ? { purpose } : {});
}
