import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpServer, OAuth2Issuer, OAuth2Service, type OAuth2EndpointsInput } from 'oauth2-mock-server';

/**
 * Local stand-ins for Google, Facebook and VK ID: one oauth2-mock-server issuer each (real authorization
 * redirects, PKCE checks, signed ID tokens with the nonce, JWKS), bound to an ephemeral port on 127.0.0.1,
 * with each provider's own endpoint paths. Tests shape the answers through the service's events.
 */
export interface MockProvider {
  url: string;
  service: OAuth2Service;
  stop(): Promise<void>;
}

/** Paths that the real provider serves with POST but the mock only with GET (VK ID user_info, logout). */
type PostAsGet = readonly string[];

async function startMockProvider(endpoints: OAuth2EndpointsInput, postAsGet: PostAsGet = []) {
  const issuer = new OAuth2Issuer();
  await issuer.keys.generate('RS256');
  const service = new OAuth2Service(issuer, endpoints);
  const handler = service.requestHandler as (request: IncomingMessage, response: ServerResponse) => void;
  const server = new HttpServer((request, response) => {
    const path = (request.url ?? '').split('?', 1)[0] ?? '';
    if (request.method !== 'POST' || !postAsGet.includes(path)) return handler(request, response);
    // The form fields become the query string, so the mock's GET handler (and the test's events) see them.
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      request.method = 'GET';
      request.url = `${path}?${Buffer.concat(chunks).toString('utf8')}`;
      delete request.headers['content-type'];
      delete request.headers['content-length'];
      handler(request, response);
    });
  });
  await server.start(0, '127.0.0.1');
  issuer.url = `http://127.0.0.1:${server.address().port}`;
  return { url: issuer.url, service, stop: () => server.stop() } satisfies MockProvider;
}

export function startMockGoogle(): Promise<MockProvider> {
  return startMockProvider({});
}

/** Facebook: dialog and Graph on one mock; Graph `me` is the mock's user info. */
export async function startMockFacebook(): Promise<MockProvider> {
  const mock = await startMockProvider({
    authorize: '/dialog/oauth',
    token: '/oauth/access_token',
    userinfo: '/me',
  });
  // Facebook answers the code exchange without an ID token.
  mock.service.on('beforeResponse', (response: { body: Record<string, unknown> }) => {
    delete response.body.id_token;
  });
  return mock;
}

/** VK ID: authorize, oauth2/auth (code exchange), oauth2/user_info and oauth2/logout (both POST). */
export async function startMockVk(): Promise<MockProvider> {
  const mock = await startMockProvider(
    {
      authorize: '/authorize',
      token: '/oauth2/auth',
      userinfo: '/oauth2/user_info',
      endSession: '/oauth2/logout-page',
    },
    ['/oauth2/user_info'],
  );
  // VK ID adds the device id to the callback; the code exchange must send it back.
  mock.service.on('beforeAuthorizeRedirect', (redirect: { url: URL }) => {
    redirect.url.searchParams.set('device_id', 'device-42');
  });
  mock.service.on(
    'beforeResponse',
    (response: { body: Record<string, unknown>; statusCode: number }, request: IncomingMessage) => {
      const query = new URL(request.url ?? '/', 'http://mock.invalid').searchParams;
      if (query.get('device_id') !== 'device-42') {
        response.statusCode = 400;
        response.body = { error: 'invalid_request', error_description: 'device_id required' };
      }
      delete response.body.id_token;
    },
  );
  return mock;
}
