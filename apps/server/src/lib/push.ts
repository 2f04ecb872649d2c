import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { createRequire } from 'node:module';
import path from 'node:path';
import type WebPush from 'web-push';
import { publicOnlyLookup, pushEndpointProblem } from './push-endpoint.ts';

const requireFromHere = createRequire(import.meta.url);
let loaded: typeof WebPush | null = null;
/**
 * web-push (and the crypto and HTTP modules under it) is loaded with the first key pair made or message
 * sent, not at start (ADR 020): a server whose keys are kept and who sends no push never needs it.
 */
function webPush(): typeof WebPush {
  return (loaded ??= requireFromHere('web-push') as typeof WebPush);
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: address the push services may contact (VAPID `sub`). */
  subject: string;
}

/** A browser's subscription as the Push API gives it (PushSubscription.toJSON()). */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export type PushResult = 'delivered' | 'gone' | 'failed';

export interface PushSender {
  publicKey: string;
  /** Encrypts and posts one message; `gone` means the push service forgot the device (404/410). */
  send(target: PushTarget, payload: string): Promise<PushResult>;
}

/** Where the database keeps the deployment's pair (lib code holds no SQL). */
export interface VapidKeyStore {
  read(): Promise<{ publicKey: string; privateKey: string } | null>;
  /** Stores the pair unless one is stored already; answers the stored one. */
  storeOnce(candidate: {
    publicKey: string;
    privateKey: string;
  }): Promise<{ publicKey: string; privateKey: string }>;
}

/**
 * VAPID keys from the environment, or else the one pair kept in the database, which every instance on it
 * signs with (issue 30): the public key is in every browser's subscription, so it must not differ between
 * instances nor change between restarts. The first start stores a pair: the one an older Parlo kept in
 * `DATA_DIR/vapid-keys.json` if there is one (its subscriptions keep working), else a new one. Instances
 * starting together each offer a pair; the first stored wins and all of them read it back.
 */
export async function loadVapidKeys(options: {
  publicKey?: string;
  privateKey?: string;
  subject: string;
  dataDir: string;
  store: VapidKeyStore;
}): Promise<VapidKeys> {
  if (options.publicKey && options.privateKey) {
    return { publicKey: options.publicKey, privateKey: options.privateKey, subject: options.subject };
  }
  const stored = await options.store.read();
  if (stored) return { ...stored, subject: options.subject };
  const file = path.join(options.dataDir, 'vapid-keys.json');
  const candidate = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string })
    : webPush().generateVAPIDKeys();
  const { publicKey, privateKey } = await options.store.storeOnce({
    publicKey: candidate.publicKey,
    privateKey: candidate.privateKey,
  });
  return { publicKey, privateKey, subject: options.subject };
}

/** How long a push service keeps an undelivered reminder: after a day it is stale. */
const TTL_SECONDS = 24 * 60 * 60;

/**
 * web-push builds the encrypted request (RFC 8291, aes128gcm) and the VAPID header; it is posted with
 * node's https, whose lookup refuses addresses that are not public (lib/push-endpoint.ts), so the check
 * is made on the address connected to, after DNS. An endpoint that may not be posted to is `gone`: it
 * never will be, and its subscription is removed. `anyAddress` (tests, with a local push service over
 * http) skips those checks.
 */
export function createPushSender(keys: VapidKeys, options: { anyAddress?: boolean } = {}): PushSender {
  const anyAddress = options.anyAddress ?? false;
  return {
    publicKey: keys.publicKey,
    async send(target, payload) {
      if (pushEndpointProblem(target.endpoint, anyAddress) !== null) return 'gone';
      const request = webPush().generateRequestDetails(target, payload, {
        TTL: TTL_SECONDS,
        vapidDetails: keys,
        contentEncoding: 'aes128gcm',
      });
      const status = await post(request, anyAddress);
      if (status === 'not public') return 'gone';
      if (status === 404 || status === 410) return 'gone';
      return status >= 200 && status < 300 ? 'delivered' : 'failed';
    },
  };
}

function post(
  details: { endpoint: string; method: string; headers: Record<string, unknown>; body: Buffer | null },
  anyAddress: boolean,
): Promise<number | 'not public'> {
  const url = new URL(details.endpoint);
  const send = url.protocol === 'http:' ? http.request : https.request;
  return new Promise((resolve, reject) => {
    const sent = send(
      url,
      {
        method: details.method,
        headers: details.headers as http.OutgoingHttpHeaders,
        timeout: 10_000,
        ...(anyAddress ? {} : { lookup: publicOnlyLookup }),
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    sent.on('timeout', () => sent.destroy(new Error('push service did not answer within 10 s')));
    sent.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'PUSH_ENDPOINT_NOT_PUBLIC' ? resolve('not public') : reject(error),
    );
    sent.end(details.body ?? undefined);
  });
}
