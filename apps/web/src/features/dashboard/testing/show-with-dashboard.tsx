import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { createI18n } from '../../../i18n/create-i18n.ts';
import { loadAllEnglish } from '../../../i18n/resources.ts';
import { dashboardQueryKey, type Dashboard } from '../api/dashboard.ts';

const i18n = createI18n('en', { en: await loadAllEnglish() });

/**
 * Renders a part of the dashboard in English with the dashboard's answer already there, or still asked for
 * (the request never answers; the caller unstubs `fetch` after the test).
 */
export function showWithDashboard(ui: ReactNode, dashboard: Dashboard | 'asked for') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (dashboard === 'asked for') vi.stubGlobal('fetch', () => new Promise<never>(() => {}));
  else client.setQueryData(dashboardQueryKey, dashboard);
  return render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>{ui}</MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}
