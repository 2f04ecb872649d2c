import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { headerMayLoad, holdHeaderForDashboard } from './app/layout/header-after-dashboard.ts';
import { sendDashboardEarly } from './features/dashboard/api/early-dashboard.ts';
import { startServiceWorker } from './features/offline/service-worker.ts';
import { currentInterfaceLanguage, i18nReady } from './i18n/i18n.ts';
import { localRecordKeys, readLocalRecord, removeLocalRecord } from './lib/local-records.ts';

// After a deploy an open tab may ask for a screen's chunk by an old name that no longer exists;
// reloading fetches the new index.html instead of showing the error screen. Once per 30 s at most: if
// the chunk still cannot be loaded (server down, rate limited) the error screen says so, without a loop.
const CHUNK_RELOAD_KEY = 'parlo:chunk-reload-at';
window.addEventListener('vite:preloadError', (event) => {
  try {
    const last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY) ?? 0);
    if (Date.now() - last < 30_000) return;
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
  } catch {
    return; // No session storage: we could not tell a second failure from the first.
  }
  event.preventDefault();
  window.location.reload();
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The server sends a prerendered first screen (ADR 029) only to a request without a session cookie: this
// browser is not signed in, whatever the device's record says, so the app's first render is the guest's
// screen already on display.
const prerendered = root.dataset.prerendered;
if (prerendered) removeLocalRecord(localRecordKeys.signedIn);
// A learner opening their dashboard (/dashboard, or the home address on a device signed in last time):
// its answer is asked for now, alongside the session, instead of after its code has loaded and mounted
// (issue 15, ADR 031). Its code and texts follow the first paint (RootLayout): fetched before it, their
// 100 KB would hold up the spinner and the header on a slow connection.
const path = window.location.pathname;
if (
  /^\/dashboard\/?$/.test(path) ||
  (/^\/(main\/?)?$/.test(path) && readLocalRecord(localRecordKeys.signedIn) === 'yes')
) {
  sendDashboardEarly();
  holdHeaderForDashboard();
  // Issue 17: offline pages and lessons, and the "new version ready" prompt. The worker registers once the
  // page has loaded either way; on the dashboard its helper's download waits for the greeting too (ADR 038).
  void headerMayLoad().then(startServiceWorker);
} else {
  startServiceWorker();
}
// The chosen interface language's texts arrive first, so nothing renders in English for a moment.
void i18nReady.then(() => {
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // Same language as the HTML: React adopts the markup on display (nothing is redrawn, and a click
  // made meanwhile is replayed). Otherwise (a choice saved before the server could know it) it draws
  // over it.
  if (prerendered === currentInterfaceLanguage()) hydrateRoot(root, app);
  else createRoot(root).render(app);
});
