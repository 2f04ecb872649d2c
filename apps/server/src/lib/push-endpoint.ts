import { createPublicKey } from 'node:crypto';
import dns from 'node:dns';
import net from 'node:net';

/**
 * Where a push may be posted (issue 30): only https push services on public addresses. A subscription is
 * the browser's word, so anyone signed in can name any URL; without these checks the server would post to
 * 127.0.0.1, the private network or the cloud's metadata address (169.254.169.254) when a reminder fires.
 */

const notPublic = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  notPublic.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (embeds any IPv4 address)
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  notPublic.addSubnet(address, prefix, 'ipv6');
}

/** Whether an IP address is one anybody on the internet could reach (not loopback, private, link-local…). */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    // An IPv4 address written as IPv6 (::ffff:127.0.0.1, ::ffff:7f00:1, ::127.0.0.1) is that IPv4 address.
    const mapped = /^::(?:ffff:)?((?:\d{1,3}\.){3}\d{1,3})$/i.exec(address);
    if (mapped?.[1]) return isPublicAddress(mapped[1]);
    const hexMapped = /^::(?:ffff:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
    if (hexMapped?.[1] && hexMapped[2]) {
      const high = Number.parseInt(hexMapped[1], 16);
      const low = Number.parseInt(hexMapped[2], 16);
      return isPublicAddress(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
    }
    return !notPublic.check(address, 'ipv6');
  }
  return !notPublic.check(address, 'ipv4');
}

/** Names that never lead to a public push service. */
const LOCAL_NAMES = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa|localdomain)$/i;

/**
 * Why a push endpoint is not taken (null when it is): https only, no user name or password in it, and a
 * host that is a public address or a name outside the local ones. A name's addresses are checked when a
 * push is sent (publicOnlyLookup), because they may change after the subscription was stored.
 * `anyAddress` (tests with a local push service) takes http and every address.
 */
export function pushEndpointProblem(endpoint: string, anyAddress = false): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'not a URL';
  }
  if (anyAddress) return url.protocol === 'https:' || url.protocol === 'http:' ? null : 'not http(s)';
  if (url.protocol !== 'https:') return 'not https';
  if (url.username || url.password) return 'carries credentials';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) !== 0) return isPublicAddress(host) ? null : 'not a public address';
  if (!host.includes('.') || LOCAL_NAMES.test(host.replace(/\.$/, ''))) return 'not a public name';
  return null;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http(s).request that resolves the name and refuses to connect when any address it
 * gives is not public: the check is made on the addresses connected to, so a name that resolved to a
 * public address when subscribed and to 127.0.0.1 now (DNS rebinding) is refused.
 */
export function publicOnlyLookup(
  hostname: string,
  options: dns.LookupOptions,
  callback: LookupCallback,
): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused) {
      const problem: NodeJS.ErrnoException = new Error(
        `${hostname} resolves to ${refused.address}, not a public address`,
      );
      problem.code = 'PUSH_ENDPOINT_NOT_PUBLIC';
      return callback(problem, []);
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0];
    if (!first) {
      // Node's own code for "no address", as dns.lookup would answer.
      const none: NodeJS.ErrnoException = new Error(`${hostname} has no address`);
      none.code = 'ENOTFOUND';
      return callback(none, []);
    }
    callback(null, first.address, first.family);
  });
}

function base64UrlBytes(text: string): Buffer | null {
  return /^[A-Za-z0-9_-]+={0,2}$/.test(text) ? Buffer.from(text, 'base64url') : null;
}

/**
 * Whether a subscription's keys are what RFC 8291 needs: `p256dh` an uncompressed P-256 point (65 bytes,
 * 0x04, on the curve) and `auth` a 16-byte secret, both base64url.
 */
export function pushKeysProblem(keys: { p256dh: string; auth: string }): string | null {
  const point = base64UrlBytes(keys.p256dh);
  if (!point || point.length !== 65 || point[0] !== 0x04) return 'p256dh is not an uncompressed P-256 point';
  try {
    createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
  } catch {
    return 'p256dh is not a point on P-256';
  }
  const auth = base64UrlBytes(keys.auth);
  if (!auth || auth.length !== 16) return 'auth is not 16 bytes';
  return null;
}
