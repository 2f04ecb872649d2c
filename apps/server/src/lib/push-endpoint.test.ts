import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isPublicAddress, publicOnlyLookup, pushEndpointProblem, pushKeysProblem } from './push-endpoint.ts';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['142.250.185.74', '8.8.8.8', '2a00:1450:4001:82f::200a', '::ffff:8.8.8.8'])(
    'takes %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe('pushEndpointProblem', () => {
  it.each([
    'http://fcm.googleapis.com/fcm/send/abc',
    'https://127.0.0.1/push',
    'https://169.254.169.254/latest/meta-data/',
    'https://10.0.0.7:8443/push',
    'https://[::1]/push',
    'https://[::ffff:127.0.0.1]/push',
    'https://2130706433/push',
    'https://0x7f.0.0.1/push',
    'https://localhost/push',
    'https://push.localhost/x',
    'https://printer.local/x',
    'https://intranet/x',
    'https://user:secret@fcm.googleapis.com/x',
    'ftp://fcm.googleapis.com/x',
  ])('refuses %s', (endpoint) => {
    expect(pushEndpointProblem(endpoint)).not.toBeNull();
  });

  it.each([
    'https://fcm.googleapis.com/fcm/send/abc:def',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
    'https://web.push.apple.com/QGuQyavXutnMk',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
  ])('takes %s', (endpoint) => {
    expect(pushEndpointProblem(endpoint)).toBeNull();
  });

  it('takes a local http push service only when told to (tests)', () => {
    expect(pushEndpointProblem('http://127.0.0.1:4100/push/1', true)).toBeNull();
    expect(pushEndpointProblem('http://127.0.0.1:4100/push/1')).not.toBeNull();
  });
});

describe('publicOnlyLookup', () => {
  it('refuses a name that resolves to a loopback address', async () => {
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      publicOnlyLookup('localhost', {}, (problem) => resolve(problem)),
    );
    expect(error?.code).toBe('PUSH_ENDPOINT_NOT_PUBLIC');
  });
});

describe('pushKeysProblem', () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const point = ecdh.getPublicKey();
  const auth = randomBytes(16).toString('base64url');

  it('takes a browser’s keys: a 65-byte P-256 point and a 16-byte secret', () => {
    expect(pushKeysProblem({ p256dh: point.toString('base64url'), auth })).toBeNull();
  });

  it.each([
    ['a point off the curve', () => Buffer.concat([point.subarray(0, 64), Buffer.from([point[64]! ^ 1])])],
    ['a compressed point', () => ecdh.getPublicKey(null, 'compressed')],
    ['64 bytes', () => point.subarray(1)],
    ['a point not marked uncompressed', () => Buffer.concat([Buffer.from([0x05]), point.subarray(1)])],
  ])('refuses %s', (_name, make) => {
    expect(pushKeysProblem({ p256dh: make().toString('base64url'), auth })).not.toBeNull();
  });

  it('refuses an auth secret that is not 16 bytes, or not base64url', () => {
    const p256dh = point.toString('base64url');
    expect(pushKeysProblem({ p256dh, auth: randomBytes(15).toString('base64url') })).not.toBeNull();
    expect(pushKeysProblem({ p256dh, auth: randomBytes(32).toString('base64url') })).not.toBeNull();
    expect(pushKeysProblem({ p256dh, auth: 'not base64!' })).not.toBeNull();
  });
});
