/// <reference lib="webworker" />
/**
 * Parlo's one service worker (issue 17; Web Push for issue 13 joins it in its own section below).
 * Built by vite-plugin-pwa in injectManifest mode: `self.__WB_MANIFEST` becomes the list of build files.
 */
import { me } from '@parlo/contract/accounts';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { RangeRequestsPlugin } from 'workbox-range-requests';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { registerPushHandlers } from './features/notifications/sw-push.ts';
import { callApi } from './lib/api-client.ts';
import { COMPLETION_SYNC_TAG, OFFLINE_CACHES } from './lib/offline/cache-names.ts';
import { flushCompletions } from './lib/offline/completion-queue.ts';
import { indexedDbCompletionStore } from './lib/offline/completion-store.ts';
import { sendQueuedCompletion } from './lib/offline/send-completion.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

// ── 1. App shell: every build file (pages, route and language chunks, icons) is precached ─────────────
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// ── 2. Navigations: the single-page app answers every page offline; the API's own pages never ─────────
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/api\//, /^\/media\//, /^\/audio\//],
  }),
);

// ── 3. Runtime caches: what a learner needs to open the dashboard and play the lessons ahead offline ──
// API reads go to the network first (fresh points, fresh states) and fall back to the last answer.
registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && request.method === 'GET' && request.mode !== 'navigate' && url.pathname.startsWith('/api/'),
  new NetworkFirst({
    cacheName: OFFLINE_CACHES.api,
    // A network that hangs (a train between stations) falls back to the last answer after a few seconds.
    networkTimeoutSeconds: 6,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 }),
    ],
  }),
);
// Pictures and recordings never change under their address. Audio elements ask for byte ranges.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && /^\/(media|audio)\//.test(url.pathname),
  new CacheFirst({
    cacheName: OFFLINE_CACHES.media,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new RangeRequestsPlugin(),
      new ExpirationPlugin({ maxEntries: 600, maxAgeSeconds: 60 * 24 * 3600 }),
    ],
  }),
);

// ── 4. Updates: a new version waits until the page says the learner chose to reload ───────────────────
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
// The very first install takes over the open page at once, so its lessons can be cached ahead.
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

// ── 5. Background Sync: completions finished offline are sent when the browser is back online ─────────
async function sendQueuedCompletions(): Promise<void> {
  const user = await callApi(me);
  const result = await flushCompletions(indexedDbCompletionStore, user.id, sendQueuedCompletion);
  const clients = await self.clients.matchAll({ type: 'window' });
  for (const client of clients) client.postMessage({ type: 'COMPLETIONS_SYNCED', ...result });
  // Still waiting: failing the event makes the browser try again later.
  if (result.waiting > 0) throw new Error('completions still waiting');
}

self.addEventListener('sync', (event) => {
  const syncEvent = event as ExtendableEvent & { tag: string };
  if (syncEvent.tag === COMPLETION_SYNC_TAG) syncEvent.waitUntil(sendQueuedCompletions());
});

// ── 6. Web Push (issue 13) ────────────────────────────────────────────────────────────────────────────
// Shows reminders and other notifications, tells open pages to refresh the bell, opens Parlo on click.
registerPushHandlers(self);
