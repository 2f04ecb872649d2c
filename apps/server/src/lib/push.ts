import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type WebPush from 'web-push';

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

/**
 * VAPID keys from the environment, or else the pair kept in DATA_DIR (made on the first start): the
 * public key is in every browser's subscription, so it must not change between restarts.
 */
export function loadVapidKeys(options: {
  publicKey?: string;
  privateKey?: string;
  subject: string;
  dataDir: string;
}): VapidKeys {
  if (options.publicKey && options.privateKey) {
    return { publicKey: options.publicKey, privateKey: options.privateKey, subject: options.subject };
  }
  const file = path.join(options.dataDir, 'vapid-keys.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { ...stored, subject: options.subject };
  }
  const generated = webPush().generateVAPIDKeys();
  mkdirSync(options.dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(generated), { mode: 0o600, flag: 'wx' });
  return { ...generated, subject: options.subject };
}

/** How long a push service keeps an undelivered reminder: after a day it is stale. */
const TTL_SECONDS = 24 * 60 * 60;

/**
 * web-push builds the encrypted request (RFC 8291, aes128gcm) and the VAPID header; it is posted with
 * fetch, which also reaches a local push service over http (web-push's own sender insists on https).
 */
export function createPushSender(keys: VapidKeys, fetchImpl: typeof fetch = fetch): PushSender {
  return {
    publicKey: keys.publicKey,
    async send(target, payload) {
      const request = webPush().generateRequestDetails(target, payload, {
        TTL: TTL_SECONDS,
        vapidDetails: keys,
        contentEncoding: 'aes128gcm',
      });
      const response = await fetchImpl(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body,
        signal: AbortSignal.timeout(10_000),
      });
      await response.body?.cancel();
      if (response.status === 404 || response.status === 410) return 'gone';
      return response.ok ? 'delivered' : 'failed';
    },
  };
}
