import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savePushSubscription } from '@parlo/contract/notifications';
import { createTestApp, errorCode, registerLearner, type SignedIn, type TestApp } from './helper.ts';
import { injectCall } from './support/inject-call.ts';

/*
 * Issue 30 item 10: any https URL was taken as a push endpoint, 127.0.0.1 and 169.254.169.254 included,
 * and the server connected to a local listener when a reminder fired. Only https endpoints on public
 * addresses are taken (when subscribing) and posted to (again when sending, after DNS), with valid keys.
 */

let t: TestApp;
let learner: SignedIn;
/** A local listener standing in for a service on the server's own network; counts the connections made. */
let listener: http.Server;
let connections = 0;
beforeAll(async () => {
  t = await createTestApp({ env: { PUSH_ENDPOINTS_ANY_ADDRESS: 'false' } });
  learner = await registerLearner(t.app);
  listener = http.createServer((_request, response) => response.writeHead(201).end());
  listener.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => listener.close(resolve));
  await t.close();
});

function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

const subscribe = (endpoint: string, keys = browserKeys()) =>
  injectCall(t.app, savePushSubscription, { headers: learner.headers, body: { endpoint, keys } });

describe('POST /api/push/subscriptions', () => {
  it.each([
    'https://127.0.0.1/push',
    'https://169.254.169.254/latest/meta-data/',
    'https://10.0.0.7/push',
    'https://192.168.1.20/push',
    'https://[::1]/push',
    'https://[fe80::1]/push',
    'https://localhost/push',
    'http://fcm.googleapis.com/fcm/send/abc',
  ])('refuses %s with 400 PUSH_ENDPOINT_NOT_ALLOWED', async (endpoint) => {
    const response = await subscribe(endpoint);
    expect(response.statusCode).toBe(400);
    expect(errorCode(response)).toBe('PUSH_ENDPOINT_NOT_ALLOWED');
  });

  it('takes a public push service with a browser’s keys', async () => {
    const response = await subscribe(`https://fcm.googleapis.com/fcm/send/${randomBytes(8).toString('hex')}`);
    expect(response.statusCode, response.body).toBe(204);
  });

  it('refuses keys that are not a P-256 point and a 16-byte secret with 400 PUSH_KEYS_INVALID', async () => {
    const good = browserKeys();
    const offCurve = Buffer.from(good.p256dh, 'base64url');
    offCurve[64] = (offCurve[64] ?? 0) ^ 1;
    for (const keys of [
      { ...good, p256dh: offCurve.toString('base64url') },
      { ...good, p256dh: randomBytes(65).toString('base64url') },
      { ...good, auth: randomBytes(8).toString('base64url') },
      { p256dh: 'x', auth: 'y' },
    ]) {
      const response = await subscribe('https://fcm.googleapis.com/fcm/send/keys', keys);
      expect(response.statusCode).toBe(400);
      expect(errorCode(response)).toBe('PUSH_KEYS_INVALID');
    }
  });
});

describe('sending a push', () => {
  it('never connects to a subscription stored for a local address, and reports it gone', async () => {
    const port = (listener.address() as AddressInfo).port;
    const before = connections;
    for (const endpoint of [
      `https://127.0.0.1:${port}/push`,
      `http://127.0.0.1:${port}/push`,
      `https://localhost:${port}/`,
    ]) {
      expect(await t.push.send({ endpoint, keys: browserKeys() }, '{"title":"hi"}')).toBe('gone');
    }
    expect(connections).toBe(before);
  });
});
