import { textDirection } from '@parlo/core/i18n/interface-languages';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Direction } from 'radix-ui';
import type { ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { currentInterfaceLanguage, i18n } from '../i18n/i18n.ts';
import { ErrorBoundary } from './error-boundary.tsx';

/** Radix menus and dialogs need the reading direction to place themselves and to move focus. */
function DirectionFromLanguage({ children }: { children: ReactNode }) {
  useTranslation();
  return <Direction.Provider dir={textDirection(currentInterfaceLanguage())}>{children}</Direction.Provider>;
}

/** The app's providers; the query client is the one the routes' loaders fill (main.tsx). */
export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <DirectionFromLanguage>{children}</DirectionFromLanguage>
        </QueryClientProvider>
      </ErrorBoundary>
    </I18nextProvider>
  );
}
