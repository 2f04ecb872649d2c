import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { i18nReady } from './i18n/i18n.ts';

// After a deploy an open tab may ask for a screen's chunk by an old name that no longer exists;
// reloading fetches the new index.html instead of showing the error screen.
window.addEventListener('vite:preloadError', (event) => {
  event.preventDefault();
  window.location.reload();
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The chosen interface language's texts arrive first, so nothing renders in English for a moment.
void i18nReady.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
