import {
  completeSocialSignUp,
  connections,
  finishSocialSignIn,
  pendingSocialSignUp,
  socialNetworks,
  socialProviders,
  socialSignIn,
  startSocialSignIn,
  unlinkConnection,
  type SocialErrorCode,
  type SocialNetwork,
} from '@parlo/contract/social';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { AppError, errors } from '../../lib/app-error.ts';
import { hashToken, newSecretToken } from '../../lib/tokens.ts';
import { route } from '../../plugins/route.ts';
import { currentUserId } from '../../plugins/sessions.ts';
import { mailWelcomeVerification } from '../auth/email-verification.service.ts';
import { signedIn } from '../auth/signed-in.ts';
import { findUserById } from '../users/users.repository.ts';
import {
  connectionsOf,
  deleteSignInAttempt,
  findPendingSignUp,
  keepPendingSignUp,
  saveSignInAttempt,
  useSignInAttempt,
} from './social.repository.ts';
import { linkProvider, signInWithProvider, socialError, unlinkProvider } from './social.service.ts';
import { ProviderRefused, type ProviderAnswer, type SocialProvider } from './social-provider.ts';
import { redirectUriOf, socialProvidersOf } from './social-providers.ts';

/** The browser's half of the OAuth state: a sign-in finishes only in the browser that started it. */
const STATE_COOKIE = 'parloSocialState';
/** A new account waiting for the learner's age or e-mail. */
const SIGN_UP_COOKIE = 'parloSocialSignUp';
const COOKIE_PATH = '/api/auth/social';
const ATTEMPT_LIFETIME_MS = 10 * 60 * 1000;
const SIGN_UP_LIFETIME_MS = 30 * 60 * 1000;

/** Social sign-in (issue 12): the browser flow, the mobile token call and the connected accounts. */
export function socialRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const providers = socialProvidersOf(deps.env);
    // A new account whose address the provider did not vouch for gets the link that confirms it.
    const welcome = async (request: FastifyRequest, userId: string) => {
      const user = await findUserById(deps.db, userId);
      if (user) await mailWelcomeVerification(deps, request.log, user);
    };
    const secure = deps.env.PUBLIC_URL.startsWith('https:');
    const cookie = (maxAgeMs: number) => ({
      httpOnly: true,
      // The provider sends the browser back with a top-level GET: a lax cookie comes along.
      sameSite: 'lax' as const,
      secure,
      path: COOKIE_PATH,
      maxAge: maxAgeMs / 1000,
    });
    const perAddress = (groupId: string) => ({
      rateLimit: { groupId, max: deps.env.AUTH_RATE_LIMIT, timeWindow: '1 minute' },
    });

    const back = (reply: FastifyReply, page: string, code?: SocialErrorCode) =>
      reply.redirect(code ? `${page}?social-error=${code}` : page, 302);

    const forget = (request: FastifyRequest, provider: SocialProvider, answer: ProviderAnswer) => {
      if (!answer.accessToken) return;
      provider.forget(answer.accessToken).catch((error: unknown) => {
        request.log.warn({ err: error, network: provider.network }, 'could not end the provider session');
      });
    };

    route(app, socialProviders, async () => ({
      networks: socialNetworks.filter((network) => providers.has(network)),
    }));

    route(app, startSocialSignIn, async (request, reply) => {
      const purpose = request.query.purpose ?? 'sign-in';
      const page = purpose === 'link' ? '/settings/general' : '/login';
      const provider = providers.get(request.params.network);
      if (!provider) return back(reply, page, 'SOCIAL_NOT_CONFIGURED');
      if (purpose === 'link' && !request.auth) return back(reply, '/login');
      const now = deps.now();
      // openid-client is imported once a provider is configured and used (ADR 020).
      const { randomPKCECodeVerifier } = await import('openid-client');
      const attempt = {
        state: newSecretToken(),
        codeVerifier: randomPKCECodeVerifier(),
        nonce: newSecretToken(),
      };
      let url: URL;
      try {
        url = await provider.authorizationUrl(attempt);
      } catch (error) {
        request.log.warn({ err: error, network: provider.network }, 'provider unavailable');
        return back(reply, page, 'SOCIAL_PROVIDER_FAILED');
      }
      await saveSignInAttempt(deps.db, {
        stateHash: hashToken(attempt.state),
        provider: provider.network,
        purpose,
        userId: purpose === 'link' ? (request.auth?.userId ?? null) : null,
        codeVerifier: attempt.codeVerifier,
        nonce: attempt.nonce,
        expiresAt: new Date(now.getTime() + ATTEMPT_LIFETIME_MS),
      });
      reply.setCookie(STATE_COOKIE, attempt.state, cookie(ATTEMPT_LIFETIME_MS));
      return reply.redirect(url.href, 302);
    });

    route(app, finishSocialSignIn, async (request, reply) => {
      const network = request.params.network;
      const provider = providers.get(network);
      const browserState = request.cookies[STATE_COOKIE];
      reply.clearCookie(STATE_COOKIE, { path: COOKIE_PATH });
      if (!provider) return back(reply, '/login', 'SOCIAL_NOT_CONFIGURED');
      const { state } = request.query;
      if (!state || !browserState || state !== browserState) {
        return back(reply, '/login', 'SOCIAL_STATE_INVALID');
      }
      const now = deps.now();
      const attempt = await useSignInAttempt(deps.db, hashToken(state), network, now);
      if (!attempt) return back(reply, '/login', 'SOCIAL_STATE_INVALID');
      const linking = attempt.purpose === 'link';
      const page = linking ? '/settings/general' : '/login';
      if (request.query.error) return back(reply, page, 'SOCIAL_CANCELLED');

      // The redirect URI exactly as registered, with the provider's answer (code, state, iss, device_id).
      const callbackUrl = new URL(redirectUriOf(deps.env, network));
      callbackUrl.search = new URL(request.url, 'http://callback.invalid').search;
      let answer: ProviderAnswer;
      try {
        answer = await provider.finish(callbackUrl, {
          state,
          codeVerifier: attempt.codeVerifier,
          nonce: attempt.nonce,
        });
      } catch (error) {
        if (!(error instanceof ProviderRefused)) throw error;
        request.log.warn({ err: error, network }, 'social sign-in refused');
        return back(reply, page, 'SOCIAL_PROVIDER_FAILED');
      }

      try {
        if (linking) {
          if (!attempt.userId || request.auth?.userId !== attempt.userId) {
            return back(reply, '/login', 'SOCIAL_STATE_INVALID');
          }
          await linkProvider(deps.db, attempt.userId, answer.profile, now);
          return back(reply, `/settings/general?social-linked=${network}`);
        }
        const outcome = await signInWithProvider(deps.db, answer.profile, {}, now);
        if (outcome.kind === 'needs-details') {
          const token = newSecretToken();
          await keepPendingSignUp(
            deps.db,
            attempt.id,
            answer.profile,
            hashToken(token),
            new Date(now.getTime() + SIGN_UP_LIFETIME_MS),
          );
          reply.setCookie(SIGN_UP_COOKIE, token, cookie(SIGN_UP_LIFETIME_MS));
          return back(reply, '/social-sign-up');
        }
        if (outcome.created) await welcome(request, outcome.userId);
        await signedIn(deps, request, reply, outcome.userId);
        // A returning learner passes /social-signed-in, which applies their saved language, to /dashboard.
        return back(reply, outcome.created ? '/select-course' : '/social-signed-in');
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // SPEC §4: 'User already connected' also ends our grant at the provider.
        if (error.code === 'USER_ALREADY_CONNECTED') forget(request, provider, answer);
        return back(reply, page, error.code as SocialErrorCode);
      }
    });

    const pendingOf = async (request: FastifyRequest) => {
      const token = request.cookies[SIGN_UP_COOKIE];
      const pending = token ? await findPendingSignUp(deps.db, hashToken(token), deps.now()) : null;
      if (!pending) throw socialError(404, 'SOCIAL_SIGN_UP_EXPIRED');
      return pending;
    };

    route(app, pendingSocialSignUp, async (request) => {
      const { profile } = await pendingOf(request);
      return {
        network: profile.network,
        name: profile.name,
        email: profile.email,
        needsAge: true,
        needsEmail: profile.email === null,
      };
    });

    route(
      app,
      completeSocialSignUp,
      async (request, reply) => {
        const pending = await pendingOf(request);
        const outcome = await signInWithProvider(deps.db, pending.profile, request.body, deps.now());
        if (outcome.kind === 'needs-details') {
          throw errors.validation(outcome.needsAge ? 'error-age-not-set' : 'error-email-not-set');
        }
        await deleteSignInAttempt(deps.db, pending.id);
        reply.clearCookie(SIGN_UP_COOKIE, { path: COOKIE_PATH });
        if (outcome.created) await welcome(request, outcome.userId);
        return signedIn(deps, request, reply, outcome.userId);
      },
      { config: perAddress('social-sign-up') },
    );

    route(
      app,
      socialSignIn,
      async (request, reply) => {
        const { network, token, age, email, timeZone } = request.body;
        const provider = providers.get(network);
        if (!provider) throw socialError(400, 'SOCIAL_NOT_CONFIGURED');
        let profile;
        try {
          profile = await provider.verifyToken(token);
        } catch (error) {
          if (!(error instanceof ProviderRefused)) throw error;
          request.log.info({ err: error, network }, 'social token refused');
          throw socialError(401, 'SOCIAL_TOKEN_INVALID');
        }
        const outcome = await signInWithProvider(deps.db, profile, { age, email, timeZone }, deps.now());
        if (outcome.kind === 'needs-details') {
          throw errors.validation(outcome.needsAge ? 'error-age-not-set' : 'error-email-not-set');
        }
        if (outcome.created) await welcome(request, outcome.userId);
        return signedIn(deps, request, reply, outcome.userId);
      },
      { config: perAddress('social') },
    );

    route(app, connections, async (request) => {
      const userId = currentUserId(request);
      const [user, linked] = await Promise.all([
        findUserById(deps.db, userId),
        connectionsOf(deps.db, userId),
      ]);
      return {
        connections: linked.map((connection) => ({
          network: connection.provider as SocialNetwork,
          email: connection.email,
          linkedAt: connection.linkedAt.toISOString(),
        })),
        hasPassword: Boolean(user?.passwordHash),
        available: socialNetworks.filter((network) => providers.has(network)),
      };
    });

    route(app, unlinkConnection, async (request, reply) => {
      await unlinkProvider(deps.db, currentUserId(request), request.params.network);
      return reply.code(204).send(null);
    });
  };
}
