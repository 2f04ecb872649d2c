import { createHmac } from 'node:crypto';
import * as oidc from 'openid-client';
import { z } from 'zod';
import {
  PROVIDER_TIMEOUT_MS,
  ProviderRefused,
  readJson,
  type ProviderProfile,
  type SocialProvider,
} from './social-provider.ts';

interface FacebookOptions {
  dialogUrl: string;
  graphUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

const graphUser = z.object({
  id: z.string().min(1),
  name: z.string().optional(),
  email: z.string().optional(),
});

/**
 * Facebook Login: OAuth 2.0 code flow with PKCE (openid-client's plain OAuth flow, the secret sent in the
 * body as Facebook documents), then Graph `me` with `appsecret_proof`, which Facebook requires so that a
 * token leaked from elsewhere cannot be used with our app. Facebook does not say whether the e-mail is
 * verified, so it never signs in to an existing account by e-mail alone.
 */
export function facebookProvider(options: FacebookOptions): SocialProvider {
  const config = new oidc.Configuration(
    {
      issuer: options.dialogUrl,
      authorization_endpoint: `${options.dialogUrl}/dialog/oauth`,
      token_endpoint: `${options.graphUrl}/oauth/access_token`,
    },
    options.clientId,
    options.clientSecret,
    oidc.ClientSecretPost(options.clientSecret),
  );
  if (new URL(options.graphUrl).protocol === 'http:') oidc.allowInsecureRequests(config);
  config.timeout = PROVIDER_TIMEOUT_MS / 1000;

  const graph = (path: string, accessToken: string) => {
    const url = new URL(`${options.graphUrl}${path}`);
    url.searchParams.set('access_token', accessToken);
    url.searchParams.set(
      'appsecret_proof',
      createHmac('sha256', options.clientSecret).update(accessToken).digest('hex'),
    );
    return url;
  };

  const me = async (accessToken: string): Promise<ProviderProfile> => {
    const url = graph('/me', accessToken);
    url.searchParams.set('fields', 'id,name,email');
    const response = await fetch(url, { signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) }).catch(
      (error: unknown) => {
        throw new ProviderRefused('Graph me unreachable', { cause: error });
      },
    );
    const user = graphUser.safeParse(await readJson(response, 'Graph me'));
    if (!user.success) throw new ProviderRefused('Graph me without id');
    return {
      network: 'fb',
      subject: user.data.id,
      name: user.data.name?.trim() || 'Facebook user',
      email: user.data.email || null,
      emailVerified: false,
    };
  };

  return {
    network: 'fb',
    async authorizationUrl(attempt) {
      return oidc.buildAuthorizationUrl(config, {
        redirect_uri: options.redirectUri,
        scope: 'public_profile email',
        state: attempt.state,
        code_challenge: await oidc.calculatePKCECodeChallenge(attempt.codeVerifier),
        code_challenge_method: 'S256',
      });
    },
    async finish(callbackUrl, attempt) {
      let accessToken: string;
      try {
        const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: attempt.codeVerifier,
          expectedState: attempt.state,
        });
        accessToken = tokens.access_token;
      } catch (error) {
        throw new ProviderRefused('Facebook code exchange failed', { cause: error });
      }
      return { profile: await me(accessToken), accessToken };
    },
    verifyToken: me,
    async forget(accessToken) {
      // Removing the app's permissions is Facebook's way of ending this app's session for the person.
      await fetch(graph('/me/permissions', accessToken), {
        method: 'DELETE',
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      });
    },
  };
}
