import { createHmac } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { me } from '@parlo/contract/accounts';
import type { CallBody } from '@parlo/contract/call';
import {
  completeSocialSignUp,
  connections,
  finishSocialSignIn,
  pendingSocialSignUp,
  socialProviders,
  socialSignIn,
  startSocialSignIn,
  unlinkConnection,
  type SocialNetwork,
} from '@parlo/contract/social';
import {
  createTestApp,
  errorCode,
  registerLearner,
  testDatabaseKind,
  verifyLinkToken,
  type TestApp,
} from './helper.ts';
import { injectCall } from './support/inject-call.ts';
import {
  startMockFacebook,
  startMockGoogle,
  startMockVk,
  type MockProvider,
} from './support/oauth-providers.ts';

/**
 * Issue 12 against real local OAuth/OIDC servers (oauth2-mock-server, one issuer per provider): the browser
 * flow (start → provider → callback), the mobile users/social call and the connected accounts.
 */
const GOOGLE_ID = 'parlo-google-client';
const FACEBOOK_ID = 'parlo-facebook-app';
const FACEBOOK_SECRET = 'facebook-app-secret';
const VK_ID = 'parlo-vk-app';

interface Person {
  sub: string;
  name?: string;
  email?: string;
  emailVerified?: boolean;
  /** Google only: the audience the ID token is made out to (default: Parlo). */
  audience?: string;
}

let t: TestApp;
let google: MockProvider;
let facebook: MockProvider;
let vk: MockProvider;
let person: Person = { sub: 'nobody' };
let unique = 0;
const revoked: string[] = [];

function newPerson(overrides: Partial<Person> = {}): Person {
  unique += 1;
  return { sub: `person-${unique}-${Date.now()}`, name: `Social Learner ${unique}`, ...overrides };
}

beforeAll(async () => {
  [google, facebook, vk] = await Promise.all([startMockGoogle(), startMockFacebook(), startMockVk()]);
  google.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    // The ID token is the one made out to a client; the access token carries no audience.
    if (token.payload.aud === undefined) return;
    Object.assign(token.payload, {
      sub: person.sub,
      name: person.name,
      email: person.email,
      email_verified: person.emailVerified ?? false,
      aud: person.audience ?? token.payload.aud,
    });
  });
  google.service.on('beforeRevoke', (_response: unknown, request: IncomingMessage) => {
    revoked.push(`g ${request.method}`);
  });
  facebook.service.on(
    'beforeUserinfo',
    (response: { body: unknown; statusCode: number }, request: IncomingMessage) => {
      // Graph refuses a call whose appsecret_proof is not HMAC-SHA256(access token, app secret).
      const query = new URL(request.url ?? '/', 'http://graph.invalid').searchParams;
      const token = query.get('access_token') ?? '';
      const proof = createHmac('sha256', FACEBOOK_SECRET).update(token).digest('hex');
      if (token === '' || token === 'bad-token' || query.get('appsecret_proof') !== proof) {
        response.statusCode = 400;
        response.body = { error: { message: 'Invalid OAuth access token', code: 190 } };
        return;
      }
      response.body = { id: person.sub, name: person.name, email: person.email };
    },
  );
  vk.service.on(
    'beforeUserinfo',
    (response: { body: unknown; statusCode: number }, request: IncomingMessage) => {
      const query = new URL(request.url ?? '/', 'http://vk.invalid').searchParams;
      if (
        query.get('client_id') !== VK_ID ||
        !query.get('access_token') ||
        query.get('access_token') === 'bad-token'
      ) {
        response.statusCode = 401;
        response.body = { error: 'invalid_token' };
        return;
      }
      const [first, last] = (person.name ?? '').split(' ');
      response.body = {
        user: { user_id: person.sub, first_name: first, last_name: last, email: person.email },
      };
    },
  );
  t = await createTestApp({
    env: {
      GOOGLE_CLIENT_ID: GOOGLE_ID,
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GOOGLE_ISSUER_URL: google.url,
      FACEBOOK_CLIENT_ID: FACEBOOK_ID,
      FACEBOOK_CLIENT_SECRET: FACEBOOK_SECRET,
      FACEBOOK_DIALOG_URL: facebook.url,
      FACEBOOK_GRAPH_URL: facebook.url,
      VK_CLIENT_ID: VK_ID,
      VK_ID_URL: vk.url,
    },
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await Promise.all([google?.stop(), facebook?.stop(), vk?.stop()]);
});

function cookieOf(response: LightMyRequestResponse, name: string): string | undefined {
  return response.cookies.find((cookie) => cookie.name === name && cookie.value !== '')?.value;
}

/** Where the provider sends the browser back: our callback path with its query. */
async function throughProvider(authorizeUrl: string): Promise<string> {
  const answer = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(answer.status).toBe(302);
  const back = new URL(answer.headers.get('location')!);
  return back.pathname + back.search;
}

/** start → the provider → callback, as a browser would; returns the callback's answer. */
async function signInThrough(
  network: 'g' | 'fb' | 'vk',
  options: { session?: string; purpose?: 'link' } = {},
) {
  const sessionCookie: Record<string, string> = options.session ? { accessToken: options.session } : {};
  const start = await injectCall(t.app, startSocialSignIn, {
    params: { network },
    query: options.purpose ? { purpose: options.purpose } : {},
    cookies: sessionCookie,
  });
  expect(start.statusCode, start.body).toBe(302);
  const state = cookieOf(start, 'parloSocialState');
  expect(state).toBeDefined();
  const callback = await throughProvider(start.headers.location as string);
  const finish = () =>
    t.app.inject({ method: 'GET', url: callback, cookies: { ...sessionCookie, parloSocialState: state! } });
  return { response: await finish(), callback, state: state!, finish };
}

async function completeSignUp(response: LightMyRequestResponse, body: CallBody<typeof completeSocialSignUp>) {
  const signUp = cookieOf(response, 'parloSocialSignUp');
  expect(signUp).toBeDefined();
  return injectCall(t.app, completeSocialSignUp, {
    cookies: { parloSocialSignUp: signUp! },
    body,
  });
}

async function connectionsOf(token: string) {
  const response = await injectCall(t.app, connections, { headers: { authorization: `Bearer ${token}` } });
  expect(response.statusCode).toBe(200);
  return response.data;
}

describe(`social sign-in through local providers (${testDatabaseKind})`, () => {
  it('lists the providers that have keys', async () => {
    const response = await injectCall(t.app, socialProviders);
    // The body as sent: `toEqual` on the parsed data would miss a key the schema drops.
    expect(response.json()).toEqual({ networks: ['g', 'fb', 'vk'] });
  });

  it('sends the browser to Google with PKCE, state, nonce and the exact redirect URI', async () => {
    const start = await injectCall(t.app, startSocialSignIn, { params: { network: 'g' } });
    const url = new URL(start.headers.location as string);
    expect(url.origin + url.pathname).toBe(`${google.url}/authorize`);
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/auth/social/g/callback');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toBe(cookieOf(start, 'parloSocialState'));
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('scope')).toBe('openid email profile');
  });

  it('creates a new account after asking the age (under 13 refused), then signs the returning learner in', async () => {
    person = newPerson({ email: `new${unique}@example.com`, emailVerified: true });
    const first = await signInThrough('g');
    expect(first.response.headers.location).toBe('/social-sign-up');
    const pending = await injectCall(t.app, pendingSocialSignUp, {
      cookies: { parloSocialSignUp: cookieOf(first.response, 'parloSocialSignUp')! },
    });
    expect(pending.data).toMatchObject({
      network: 'g',
      name: person.name,
      email: person.email,
      needsAge: true,
    });

    const tooYoung = await completeSignUp(first.response, { age: 12 });
    expect(tooYoung.statusCode).toBe(400);
    expect(errorCode(tooYoung)).toBe('error-age-too-young');

    const created = await completeSignUp(first.response, { age: 30 });
    expect(created.statusCode, created.body).toBe(200);
    const session = created.data;
    // Google says the address is verified: the account is, and no confirmation mail goes out.
    expect(session.user).toMatchObject({ email: person.email, network: 'g', emailVerified: true });
    expect(t.mails.filter((mail) => mail.to === person.email)).toEqual([]);
    expect(cookieOf(created, 'accessToken')).toBe(session.accessToken);
    expect(await connectionsOf(session.accessToken)).toMatchObject({
      connections: [{ network: 'g', email: person.email }],
      hasPassword: false,
    });
    // The pending sign-up is used up.
    expect((await completeSignUp(first.response, { age: 30 })).statusCode).toBe(404);

    const again = await signInThrough('g');
    expect(again.response.headers.location).toBe('/social-signed-in');
    expect(cookieOf(again.response, 'accessToken')).toBeTruthy();
  });

  it("starts the new account on the browser's clock; an unknown zone is refused and makes nothing (ADR 040)", async () => {
    person = newPerson({ email: `zone${unique}@example.com`, emailVerified: true });
    const first = await signInThrough('g');
    const refused = await completeSignUp(first.response, { age: 30, timeZone: 'Mars/Olympus' });
    expect(refused.statusCode).toBe(400);
    expect(errorCode(refused)).toBe('error-time-zone-not-valid');
    const created = await completeSignUp(first.response, { age: 30, timeZone: 'Europe/Berlin' });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.data).toMatchObject({
      user: { email: person.email, settings: { timeZone: 'Europe/Berlin' } },
    });
  });

  it('links a verified provider e-mail to the existing account', async () => {
    const learner = await registerLearner(t.app);
    person = newPerson({ email: learner.email.toUpperCase(), emailVerified: true });
    const { response } = await signInThrough('g');
    expect(response.headers.location).toBe('/social-signed-in');
    const own = await injectCall(t.app, me, {
      cookies: { accessToken: cookieOf(response, 'accessToken')! },
    });
    // Google vouches for the account's own address: it counts as confirmed from now on.
    expect(own.data).toMatchObject({ id: learner.userId, network: 'g', emailVerified: true });
  });

  it('does not link an unverified provider e-mail: the learner must sign in with the password', async () => {
    const learner = await registerLearner(t.app);
    person = newPerson({ email: learner.email, emailVerified: false });
    const { response } = await signInThrough('g');
    expect(response.headers.location).toBe('/login?social-error=SOCIAL_EMAIL_NOT_VERIFIED');
    expect(cookieOf(response, 'accessToken')).toBeUndefined();
    expect((await connectionsOf(learner.token)).connections).toEqual([]);
  });

  it('refuses a wrong state and a missing state cookie', async () => {
    person = newPerson({ email: `state${unique}@example.com`, emailVerified: true });
    const start = await injectCall(t.app, startSocialSignIn, { params: { network: 'g' } });
    const state = cookieOf(start, 'parloSocialState')!;
    const callback = await throughProvider(start.headers.location as string);
    const forged = callback.replace(`state=${state}`, 'state=forged-state');
    const attempts: { url: string; cookies: Record<string, string> }[] = [
      { url: forged, cookies: { parloSocialState: 'forged-state' } },
      { url: callback, cookies: { parloSocialState: 'another-browser' } },
      { url: callback, cookies: {} },
    ];
    for (const attempt of attempts) {
      const response = await t.app.inject({ method: 'GET', ...attempt });
      expect(response.headers.location).toBe('/login?social-error=SOCIAL_STATE_INVALID');
      expect(cookieOf(response, 'accessToken')).toBeUndefined();
    }
  });

  it('says so when the learner cancels at the provider', async () => {
    const start = await injectCall(t.app, startSocialSignIn, { params: { network: 'g' } });
    const state = cookieOf(start, 'parloSocialState')!;
    const response = await injectCall(t.app, finishSocialSignIn, {
      params: { network: 'g' },
      query: { error: 'access_denied', state },
      cookies: { parloSocialState: state },
    });
    expect(response.headers.location).toBe('/login?social-error=SOCIAL_CANCELLED');
  });

  it('refuses a replayed code', async () => {
    person = newPerson({ email: `replay${unique}@example.com`, emailVerified: true });
    await registerLearner(t.app, { email: person.email });
    const flow = await signInThrough('g');
    expect(flow.response.headers.location).toBe('/social-signed-in');
    const replay = await flow.finish();
    expect(replay.headers.location).toBe('/login?social-error=SOCIAL_STATE_INVALID');
    expect(cookieOf(replay, 'accessToken')).toBeUndefined();
  });

  it('refuses an ID token made out to another application', async () => {
    person = newPerson({ email: `aud${unique}@example.com`, emailVerified: true, audience: 'another-app' });
    await registerLearner(t.app, { email: person.email });
    const { response } = await signInThrough('g');
    expect(response.headers.location).toBe('/login?social-error=SOCIAL_PROVIDER_FAILED');
    expect(cookieOf(response, 'accessToken')).toBeUndefined();
  });

  it("refuses to link a provider account of another learner ('User already connected') and forgets it", async () => {
    const owner = await registerLearner(t.app);
    const other = await registerLearner(t.app);
    person = newPerson();
    const linked = await signInThrough('g', { session: owner.token, purpose: 'link' });
    expect(linked.response.headers.location).toBe('/settings/general?social-linked=g');
    expect((await connectionsOf(owner.token)).connections).toMatchObject([{ network: 'g' }]);

    revoked.length = 0;
    const taken = await signInThrough('g', { session: other.token, purpose: 'link' });
    expect(taken.response.headers.location).toBe('/settings/general?social-error=USER_ALREADY_CONNECTED');
    expect((await connectionsOf(other.token)).connections).toEqual([]);
    await expect.poll(() => revoked).toEqual(['g POST']);
  });

  it('unlinks a provider, but never the last way to sign in', async () => {
    person = newPerson({ email: `last${unique}@example.com`, emailVerified: true });
    const { response } = await signInThrough('g');
    const created = await completeSignUp(response, { age: 20 });
    const token = created.data.accessToken;
    const unlink = (network: SocialNetwork) =>
      injectCall(t.app, unlinkConnection, {
        params: { network },
        headers: { authorization: `Bearer ${token}` },
      });
    const last = await unlink('g');
    expect(last.statusCode).toBe(409);
    expect(errorCode(last)).toBe('LAST_SIGN_IN_METHOD');

    const learner = await registerLearner(t.app);
    person = newPerson();
    await signInThrough('g', { session: learner.token, purpose: 'link' });
    const withPassword = await injectCall(t.app, unlinkConnection, {
      params: { network: 'g' },
      headers: learner.headers,
    });
    expect(withPassword.statusCode).toBe(204);
    expect((await connectionsOf(learner.token)).connections).toEqual([]);
  });

  it('signs in with Facebook: PKCE code exchange, Graph me with appsecret_proof, e-mail never trusted', async () => {
    person = newPerson({ email: `fb${unique}@example.com` });
    const start = await injectCall(t.app, startSocialSignIn, { params: { network: 'fb' } });
    const authorize = new URL(start.headers.location as string);
    expect(authorize.pathname).toBe('/dialog/oauth');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    const first = await signInThrough('fb');
    expect(first.response.headers.location).toBe('/social-sign-up');
    const created = await completeSignUp(first.response, { age: 40 });
    expect(created.statusCode, created.body).toBe(200);
    expect((await signInThrough('fb')).response.headers.location).toBe('/social-signed-in');

    // An existing account with the Facebook e-mail is not taken over.
    const learner = await registerLearner(t.app);
    person = newPerson({ email: learner.email });
    expect((await signInThrough('fb')).response.headers.location).toBe(
      '/login?social-error=SOCIAL_EMAIL_NOT_VERIFIED',
    );
  });

  it('signs in with VK ID, sending the callback device_id to the code exchange; asks the missing e-mail', async () => {
    person = newPerson();
    const first = await signInThrough('vk');
    expect(first.callback).toContain('device_id=device-42');
    expect(first.response.headers.location).toBe('/social-sign-up');
    const noEmail = await completeSignUp(first.response, { age: 25 });
    expect(errorCode(noEmail)).toBe('error-email-not-set');
    const created = await completeSignUp(first.response, { age: 25, email: `vk${unique}@example.com` });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.data.user.network).toBe('vk');
    expect((await signInThrough('vk')).response.headers.location).toBe('/social-signed-in');
  });
});

describe(`POST users/social for mobile apps (${testDatabaseKind})`, () => {
  const social = (body: CallBody<typeof socialSignIn>) => injectCall(t.app, socialSignIn, { body });

  async function googleIdToken(claims: Record<string, unknown>) {
    return google.service.issuer.buildToken({
      scopesOrTransform: (_header, payload) => Object.assign(payload, { aud: GOOGLE_ID, ...claims }),
    });
  }

  it('verifies a Google ID token against the issuer and answers {accessToken, user}', async () => {
    const sub = newPerson().sub;
    const token = await googleIdToken({ sub, name: 'Mobile Learner', email: `m${unique}@example.com` });
    const needsAge = await social({ network: 'g', token });
    expect(needsAge.statusCode).toBe(400);
    expect(errorCode(needsAge)).toBe('error-age-not-set');
    const created = await social({ network: 'g', token, age: 33 });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.data).toMatchObject({
      accessToken: expect.any(String),
      user: { name: 'Mobile Learner' },
    });
    const again = await social({ network: 'g', token });
    expect(again.statusCode).toBe(200);
    expect(again.data.user.id).toBe(created.data.user.id);
  });

  it("takes the device's zone for a new account only", async () => {
    const sub = newPerson().sub;
    const token = await googleIdToken({ sub, name: 'Zoned Learner', email: `mz${unique}@example.com` });
    const refused = await social({ network: 'g', token, age: 33, timeZone: 'Mars/Olympus' });
    expect(errorCode(refused)).toBe('error-time-zone-not-valid');
    const created = await social({ network: 'g', token, age: 33, timeZone: 'America/Sao_Paulo' });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.data).toMatchObject({ user: { settings: { timeZone: 'America/Sao_Paulo' } } });
    // Signing in again does not move the account: the settings' zone follows the browser from then on.
    const again = await social({ network: 'g', token, timeZone: 'Asia/Tokyo' });
    expect(again.data).toMatchObject({ user: { settings: { timeZone: 'America/Sao_Paulo' } } });
  });

  it('answers 401 in the error shape for a bad token of each provider', async () => {
    const foreign = await googleIdToken({ sub: 'x', aud: 'another-app' });
    for (const payload of [
      { network: 'g', token: 'not-a-jwt' },
      { network: 'g', token: foreign },
      { network: 'fb', token: 'bad-token' },
      { network: 'vk', token: 'bad-token' },
    ] satisfies CallBody<typeof socialSignIn>[]) {
      const response = await social(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(401);
      expect(response.json()).toEqual({
        error: { code: 'SOCIAL_TOKEN_INVALID', message: expect.any(String) },
      });
    }
  });

  it('signs in with a Facebook and a VK access token checked with the provider', async () => {
    person = newPerson({ email: `fbm${unique}@example.com` });
    const fbToken = await facebook.service.issuer.buildToken();
    const fb = await social({ network: 'fb', token: fbToken, age: 22 });
    expect(fb.statusCode, fb.body).toBe(200);
    // Facebook never says the address is verified: the new account gets the link that confirms it.
    expect(fb.data.user).toMatchObject({ email: person.email, network: 'fb', emailVerified: false });
    expect(verifyLinkToken(t.mails.findLast((mail) => mail.to === person.email)?.text ?? '')).toBeTruthy();

    person = newPerson();
    const vkAnswer = await social({
      network: 'vk',
      token: 'vk-access-token',
      age: 22,
      email: `vkm${unique}@example.com`,
    });
    expect(vkAnswer.statusCode, vkAnswer.body).toBe(200);
    expect(vkAnswer.data.user).toMatchObject({ network: 'vk', emailVerified: false });
    const typed = t.mails.findLast((mail) => mail.to === `vkm${unique}@example.com`);
    expect(verifyLinkToken(typed?.text ?? '')).toBeTruthy();
  });

  it('answers 400 for an unknown network', async () => {
    const response = await injectCall(t.app, socialSignIn, {
      rawBody: { network: 'twitter', token: 'whatever' },
    });
    expect(response.statusCode).toBe(400);
    expect(errorCode(response)).toBe('UNKNOWN_NETWORK');
  });
});
