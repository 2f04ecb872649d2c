/** SPEC §4: the push token is sent at most every 60,000 ms. */
export const PUSH_TOKEN_MIN_INTERVAL_MS = 60_000;

/** The local record of the last token sent (SPEC §3 local record `push-token`). */
export interface SentPushToken {
  token: string;
  /** Epoch ms. */
  sentAt: number;
}

/** Send the device's subscription when it changed since the last send, and never twice within 60 s. */
export function shouldSendPushToken(current: string, last: SentPushToken | null, now: number): boolean {
  if (!last) return true;
  if (last.token === current) return false;
  return now - last.sentAt >= PUSH_TOKEN_MIN_INTERVAL_MS || now < last.sentAt;
}

export function parseSentPushToken(raw: string | null): SentPushToken | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<SentPushToken>;
    return typeof value.token === 'string' && typeof value.sentAt === 'number'
      ? { token: value.token, sentAt: value.sentAt }
      : null;
  } catch {
    return null;
  }
}

/** PushManager.subscribe wants the VAPID key as bytes; the server gives it base64url. */
export function base64UrlToBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
