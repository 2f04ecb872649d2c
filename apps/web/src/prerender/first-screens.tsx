import { type InterfaceLanguage } from '@parlo/core/i18n/interface-languages';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppProvider } from '../app/provider.tsx';
import { AppRoutes } from '../app/router.tsx';
import { i18n, i18nReady } from '../i18n/i18n.ts';
import { loadTranslations } from '../i18n/resources.ts';

/** The screens a guest most often opens first; their markup ships in the HTML (ADR 029). */
export const prerenderedPaths = ['/', '/login'] as const;

/**
 * Build time only (scripts/prerender.ts): the first screen of `path` as a guest's browser first draws it
 * in `language` (the session still being asked for, the page's own data not yet here), rendered by the
 * app's own components and texts. The browser then renders the same tree over it (main.tsx).
 */
export async function renderFirstScreen(path: string, language: InterfaceLanguage): Promise<string> {
  await i18nReady; // Its own start (English, nothing saved) must not overtake the language set here.
  if (!i18n.hasResourceBundle(language, 'translation')) {
    i18n.addResourceBundle(language, 'translation', await loadTranslations(language));
  }
  await i18n.changeLanguage(language);
  return renderToString(
    <StrictMode>
      <AppProvider>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </AppProvider>
    </StrictMode>,
  );
}
