import { CodeChallengeMethod, OAuth2Client } from 'arctic';
import { z } from 'zod';
import {
  PROVIDER_TIMEOUT_MS,
  ProviderRefused,
  readJson,
  type ProviderProfile,
  type SocialProvider,
} from './social-provider.ts';

interface VkOptions {
  baseUrl: string;
  clientId: string;
  redirectUri: string;
}

const vkUser = z.object({
  user: z.object({
    user_id: z.union([z.string(), z.number()]).transform(String),
    first_name: z.string().optional(),
    last_name: z.string().optional(),
    email: z.string().optional(),
  }),
});

/**
 * VK ID (id.vk.com, OAuth 2.1): the code flow with PKCE through arctic's generic OAuth2Client (its `VK`
 * class is the old oauth.vk.com flow). VK ID answers the callback with a `device_id` that the code exchange
 * must send back; arctic posts the standard fields, so device_id and state ride on the token URL. VK does
 * not say whether the e-mail is verified.
 */
export function vkProvider(options: VkOptions): SocialProvider {
  const client = new OAuth2Client(options.clientId, null, options.redirectUri);

  const post = async (path: string, fields: Record<string, string>) => {
    const response = await fetch(`${options.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(fields),
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    }).catch((error: unknown) => {
      throw new ProviderRefused(`VK ID ${path} unreachable`, { cause: error });
    });
    return readJson(response, `VK ID ${path}`);
  };

  const userInfo = async (accessToken: string): Promise<ProviderProfile> => {
    const answer = vkUser.safeParse(
      await post('/oauth2/user_info', { client_id: options.clientId, access_token: accessToken }),
    );
    if (!answer.success) throw new ProviderRefused('VK ID user_info without user');
    const { user } = answer.data;
    const name = [user.first_name, user.last_name].filter(Boolean).join(' ').trim();
    return {
      network: 'vk',
      subject: user.user_id,
      name: name || 'VK user',
      email: user.email || null,
      emailVerified: false,
    };
  };

  return {
    network: 'vk',
    async authorizationUrl(attempt) {
      return client.createAuthorizationURLWithPKCE(
        `${options.baseUrl}/authorize`,
        attempt.state,
        CodeChallengeMethod.S256,
        attempt.codeVerifier,
        ['email'],
      );
    },
    async finish(callbackUrl, attempt) {
      const code = callbackUrl.searchParams.get('code');
      const deviceId = callbackUrl.searchParams.get('device_id');
      if (!code || !deviceId) throw new ProviderRefused('VK ID callback without code or device_id');
      const tokenUrl = new URL(`${options.baseUrl}/oauth2/auth`);
      tokenUrl.searchParams.set('device_id', deviceId);
      tokenUrl.searchParams.set('state', attempt.state);
      let accessToken: string;
      try {
        const tokens = await client.validateAuthorizationCode(tokenUrl.href, code, attempt.codeVerifier);
        accessToken = tokens.accessToken();
      } catch (error) {
        throw new ProviderRefused('VK ID code exchange failed', { cause: error });
      }
      return { profile: await userInfo(accessToken), accessToken };
    },
    verifyToken: userInfo,
    async forget(accessToken) {
      await post('/oauth2/logout', { client_id: options.clientId, access_token: accessToken });
    },
  };
}
