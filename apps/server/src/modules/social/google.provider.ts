import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import {
  PROVIDER_TIMEOUT_MS,
  ProviderRefused,
  type ProviderProfile,
  type SignInAttempt,
  type SocialProvider,
} from './social-provider.ts';

interface GoogleOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/**
 * Google through OpenID Connect (openid-client): discovery, PKCE, state and nonce; the ID token's
 * signature (non-repudiation checks against the issuer's JWKS), issuer, audience, expiry and nonce are
 * checked by the library.
 */
export function googleProvider(options: GoogleOptions): SocialProvider {
  const issuer = new URL(options.issuer);
  // Only a local test issuer is plain http; Google itself is https and stays TLS-only.
  const execute = issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [];
  let configuration: Promise<oidc.Configuration> | null = null;
  let keys: ReturnType<typeof createRemoteJWKSet> | null = null;

  const config = () => {
    configuration ??= oidc
      .discovery(issuer, options.clientId, options.clientSecret, undefined, {
        execute: [...execute, oidc.enableNonRepudiationChecks],
        timeout: PROVIDER_TIMEOUT_MS / 1000,
      })
      .catch((error: unknown) => {
        // A failed discovery is tried again on the next sign-in instead of being remembered.
        configuration = null;
        throw new ProviderRefused('Google discovery failed', { cause: error });
      });
    return configuration;
  };

  const profileOf = (claims: Record<string, unknown>): ProviderProfile => {
    const subject = claims.sub;
    if (typeof subject !== 'string' || subject === '') throw new ProviderRefused('ID token without sub');
    const email = typeof claims.email === 'string' && claims.email !== '' ? claims.email : null;
    return {
      network: 'g',
      subject,
      name: typeof claims.name === 'string' && claims.name.trim() !== '' ? claims.name.trim() : 'Google user',
      email,
      emailVerified: email !== null && claims.email_verified === true,
    };
  };

  return {
    network: 'g',
    async authorizationUrl(attempt: SignInAttempt) {
      return oidc.buildAuthorizationUrl(await config(), {
        redirect_uri: options.redirectUri,
        scope: 'openid email profile',
        state: attempt.state,
        nonce: attempt.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(attempt.codeVerifier),
        code_challenge_method: 'S256',
      });
    },
    async finish(callbackUrl, attempt) {
      try {
        const tokens = await oidc.authorizationCodeGrant(await config(), callbackUrl, {
          pkceCodeVerifier: attempt.codeVerifier,
          expectedState: attempt.state,
          expectedNonce: attempt.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims) throw new ProviderRefused('no ID token');
        return { profile: profileOf(claims), accessToken: tokens.access_token };
      } catch (error) {
        if (error instanceof ProviderRefused) throw error;
        throw new ProviderRefused('Google code exchange failed', { cause: error });
      }
    },
    async verifyToken(token) {
      const metadata = (await config()).serverMetadata();
      if (!metadata.jwks_uri) throw new ProviderRefused('Google publishes no JWKS');
      keys ??= createRemoteJWKSet(new URL(metadata.jwks_uri), { timeoutDuration: PROVIDER_TIMEOUT_MS });
      try {
        const { payload } = await jwtVerify(token, keys, {
          issuer: metadata.issuer,
          audience: options.clientId,
          algorithms: ['RS256'],
        });
        return profileOf(payload);
      } catch (error) {
        throw new ProviderRefused('Google ID token refused', { cause: error });
      }
    },
    async forget(accessToken) {
      const configured = await config();
      if (configured.serverMetadata().revocation_endpoint)
        await oidc.tokenRevocation(configured, accessToken);
    },
  };
}
