import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createQueryClient } from './app/query-client.ts';
import { createAppRouter, prerenderedHydration } from './app/router.tsx';
import { currentInterfaceLanguage, i18nReady } from './i18n/i18n.ts';
import { localRecordKeys, removeLocalRecord } from './lib/local-records.ts';

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
// The router starts now: the first screen's code and data (the dashboard's, ADR 031) are fetched while
// the interface language's texts arrive.
const queryClient = createQueryClient();
const router = createAppRouter(queryClient, prerendered ? prerenderedHydration : undefined);
// The chosen interface language's texts arrive first, so nothing renders in English for a moment.
void i18nReady.then(() => {
  const app = (
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>
  );
  // Same language as the HTML: React adopts the markup on display (nothing is redrawn, and a click
  // made meanwhile is replayed). Otherwise (a choice saved before the server could know it) it draws
  // over it.
  if (prerendered === currentInterfaceLanguage()) hydrateRoot(root, app);
  else createRoot(root).render(app);
});
