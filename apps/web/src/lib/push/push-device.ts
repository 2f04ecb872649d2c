import { pushPublicKey, removePushSubscription, savePushSubscription } from '@parlo/contract/notifications';
import { callApi } from '../api-client.ts';
import { localRecordKeys, readLocalRecord, writeLocalRecord } from '../local-records.ts';
import {
  base64UrlToBytes,
  parseSentPushToken,
  PUSH_TOKEN_MIN_INTERVAL_MS,
  shouldSendPushToken,
} from './push-token.ts';

export type PushPermission = 'unsupported' | NotificationPermission;

/** Push needs a service worker, the Push API and notifications; some browsers have none of them. */
export function pushPermission(): PushPermission {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    return 'unsupported';
  }
  return Notification.permission;
}

/** The service worker is registered by the app shell; a page without one gives up instead of waiting. */
async function serviceWorker(): Promise<ServiceWorkerRegistration> {
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('no service worker is active on this page')), 10_000),
    ),
  ]);
}

let retry: ReturnType<typeof setTimeout> | undefined;

/**
 * Sends this device's subscription to the server when it changed, at most every 60 s (SPEC §4): a
 * change inside the minute is sent when the minute is over. With `subscribe`, a device without a
 * subscription gets one (after the learner allowed notifications).
 */
export async function syncPushSubscription({ subscribe }: { subscribe: boolean }): Promise<boolean> {
  if (pushPermission() !== 'granted') return false;
  const registration = await serviceWorker();
  let subscription = await registration.pushManager.getSubscription();
  if (!subscription && subscribe) {
    const { publicKey } = await callApi(pushPublicKey);
    subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlToBytes(publicKey),
    });
  }
  if (!subscription) return false;
  const json = subscription.toJSON();
  const token = JSON.stringify({ endpoint: json.endpoint, keys: json.keys });
  const last = parseSentPushToken(readLocalRecord(localRecordKeys.pushToken));
  const now = Date.now();
  if (!shouldSendPushToken(token, last, now)) {
    if (last && last.token !== token) {
      clearTimeout(retry);
      retry = setTimeout(() => void syncPushSubscription({ subscribe: false }), PUSH_TOKEN_MIN_INTERVAL_MS);
    }
    return true;
  }
  await callApi(savePushSubscription, {
    body: {
      endpoint: json.endpoint ?? '',
      keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    },
  });
  writeLocalRecord(localRecordKeys.pushToken, JSON.stringify({ token, sentAt: now }));
  return true;
}

/** Asks the browser for permission (only ever from a click) and subscribes this device. */
export async function turnOnPush(): Promise<PushPermission> {
  if (pushPermission() === 'unsupported') return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'granted') await syncPushSubscription({ subscribe: true });
  return permission;
}

/**
 * Before signing out: the server forgets this device, so the next person on it gets no reminders meant
 * for the learner who left. Best effort: a device without push (or offline) signs out all the same.
 */
export async function forgetThisDevice(): Promise<void> {
  if (pushPermission() !== 'granted') return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) await callApi(removePushSubscription, { body: { endpoint: subscription.endpoint } });
}
