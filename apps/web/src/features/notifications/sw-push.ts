import { parsePushMessage, PUSH_MESSAGE_TYPE, type PushMessage } from '../../lib/push/push-message.ts';

/*
 * Push handling for THE service worker (one for push and offline): the worker calls
 * `registerPushHandlers(self)`. The scope is typed here by what is used, so this module compiles with
 * the app's DOM types as well as in the worker.
 */

interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
  postMessage(message: unknown): void;
}

interface ExtendableEventLike {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEventLike extends ExtendableEventLike {
  data: { text(): string } | null;
}
interface NotificationClickEventLike extends ExtendableEventLike {
  notification: { data: unknown; close(): void };
}

export interface PushScope {
  location: { origin: string };
  registration: { showNotification(title: string, options?: NotificationOptions): Promise<void> };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClickEventLike) => void): void;
}

async function showPush(scope: PushScope, message: PushMessage): Promise<void> {
  await scope.registration.showNotification(message.title, {
    body: message.body,
    // A reminder written in another language than the device's keeps its own direction (issue 29).
    dir: 'auto',
    icon: '/favicon.svg',
    tag: `parlo-${message.notificationId}`,
    data: { url: message.url },
  });
  // Open Parlo pages refresh the bell's badge at once.
  const pages = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const page of pages)
    page.postMessage({ type: PUSH_MESSAGE_TYPE, notificationId: message.notificationId });
}

/** A click focuses an open Parlo tab (moving it to the notification's page) or opens one. */
async function openParlo(scope: PushScope, path: string): Promise<void> {
  const url = new URL(path, scope.location.origin).href;
  const pages = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = pages.find((page) => new URL(page.url).origin === scope.location.origin);
  if (open) {
    await open.focus();
    if (open.url !== url) await open.navigate(url).catch(() => undefined);
    return;
  }
  await scope.clients.openWindow(url);
}

export function registerPushHandlers(scope: PushScope): void {
  scope.addEventListener('push', (event) => {
    event.waitUntil(showPush(scope, parsePushMessage(event.data?.text())));
  });
  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data as { url?: unknown } | null;
    const path = parsePushMessage(JSON.stringify({ url: data?.url })).url;
    event.waitUntil(openParlo(scope, path));
  });
}
