/**
 * The e2e server with social sign-in switched on: local stand-ins for Google, Facebook and VK ID
 * (oauth2-mock-server on ephemeral ports of 127.0.0.1) are started in this process, their addresses put
 * into the environment, and then the real server starts as `node apps/server/src/server.ts` would.
 */
import {
  startMockFacebook,
  startMockGoogle,
  startMockVk,
} from '../../apps/server/tests/support/oauth-providers.ts';

/** The Google account the e2e learner signs in with; its e-mail is verified, like a real Gmail address. */
export const e2eGooglePerson = {
  sub: 'e2e-google-learner',
  name: 'Gabriela Google',
  email: 'gabriela.google@example.com',
};

const [google, facebook, vk] = await Promise.all([startMockGoogle(), startMockFacebook(), startMockVk()]);
google.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
  if (token.payload.aud === undefined) return;
  Object.assign(token.payload, { ...e2eGooglePerson, email_verified: true });
});

facebook.service.on('beforeUserinfo', (response: { body: unknown }) => {
  response.body = { id: 'e2e-facebook-learner', name: 'Gabriela Facebook', email: 'gabriela.fb@example.com' };
});

Object.assign(process.env, {
  GOOGLE_CLIENT_ID: 'parlo-e2e-google',
  GOOGLE_CLIENT_SECRET: 'parlo-e2e-google-secret',
  GOOGLE_ISSUER_URL: google.url,
  FACEBOOK_CLIENT_ID: 'parlo-e2e-facebook',
  FACEBOOK_CLIENT_SECRET: 'parlo-e2e-facebook-secret',
  FACEBOOK_DIALOG_URL: facebook.url,
  FACEBOOK_GRAPH_URL: facebook.url,
  VK_CLIENT_ID: 'parlo-e2e-vk',
  VK_ID_URL: vk.url,
});

await import('../../apps/server/src/server.ts');
