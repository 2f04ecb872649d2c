import { useSyncExternalStore } from 'react';
import { registerSW } from 'virtual:pwa-register';
import { askToTakeOver } from './take-over.ts';

/**
 * Registers the service worker (src/sw.ts) in prompt mode (issue 17): a new version installs in the
 * background and waits; the learner is told and chooses when to reload, so a running lesson is never
 * cut short by an update.
 */
let updateReady = false;
const listeners = new Set<() => void>();

// Open tabs look for a new version now and then, not only when a page loads.
const UPDATE_CHECK_MS = 60 * 60 * 1000;

export function startServiceWorker(): void {
  // Development (npm run dev) has no built worker; Vite would answer /sw.js with the page.
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  registerSW({
    onNeedRefresh() {
      updateReady = true;
      for (const listener of listeners) listener();
    },
    onRegisteredSW(_url, registration) {
      if (registration) setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    },
  });
}

/** True once a new version is installed and waiting for a reload. */
export function useUpdateReady(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => updateReady,
    // The first screens prerendered at build time (ADR 029) have no new version waiting.
    () => false,
  );
}

/**
 * The learner chose to reload: the waiting worker is asked to take over and the page reloads once it has
 * (`askToTakeOver`). Done here rather than with workbox-window's own reload, which only happens when this
 * page load began under a worker (not in a tab opened before the first install).
 */
export async function applyUpdate(): Promise<void> {
  const waiting = (await navigator.serviceWorker.getRegistration())?.waiting;
  if (!waiting) return window.location.reload();
  askToTakeOver(waiting, () => window.location.reload());
}
