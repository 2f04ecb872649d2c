import { type InterfaceLanguage } from '@parlo/core/i18n/interface-languages';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { paths } from '../config/paths.ts';
import { AppProvider } from '../app/provider.tsx';
import { createQueryClient } from '../app/query-client.ts';
import { createRoutes } from '../app/router.tsx';
import { i18n, i18nReady } from '../i18n/i18n.ts';
import { loadTranslations } from '../i18n/resources.ts';

/** The screens a guest most often opens first; their markup ships in the HTML (ADR 029). */
export const prerenderedPaths = [paths.home, paths.login] as const;

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
  // The app's own routes; their loaders see a guest's device (no record of a session), so load nothing.
  const queryClient = createQueryClient();
  const handler = createStaticHandler(createRoutes(queryClient));
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${path} answered with a redirect`);
  return renderToString(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        {/* Not hydrated from an inline script (the policy allows none): main.tsx gives the same data. */}
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </AppProvider>
    </StrictMode>,
  );
}
