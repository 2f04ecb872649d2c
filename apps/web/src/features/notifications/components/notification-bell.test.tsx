// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NotificationList } from '@parlo/contract/notifications';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../../../i18n/create-i18n.ts';
import { notificationsQueryKey } from '../../../lib/notifications/api.ts';
import { sessionQueryKey } from '../../../lib/session.ts';
import { NotificationBell } from './notification-bell.tsx';

afterEach(cleanup);

// Written when the learner's interface was English; the learner has since switched it to Arabic. Already
// read, so opening the menu has nothing to tell a server (there is none here).
const list: NotificationList = {
  total: 1,
  read: 1,
  notifications: [{ id: 1, content: 'A short lesson keeps it alive.', timestamp: 1_764_585_000, read: true }],
};

function bellIn(language: 'ar') {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  queryClient.setQueryData(sessionQueryKey, { id: 1 });
  queryClient.setQueryData(notificationsQueryKey, list);
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={createI18n(language, { [language]: {} })}>
        <NotificationBell />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe("the header's notification bell", () => {
  it("isolates a notification's text, so an English one keeps its full stop at its end in an Arabic page", async () => {
    bellIn('ar');
    await userEvent.setup().click(screen.getByTestId('notification-bell'));
    const content = await waitFor(
      () => {
        const element = document.querySelector('.notification__content');
        if (!element) throw new Error('the menu is not open yet');
        return element;
      },
      // The menu's code is fetched on the first click; on a busy machine that can pass the 1 s default.
      { timeout: 10_000 },
    );
    expect(content.textContent).toBe('A short lesson keeps it alive.');
    // Unknown language: the text's own first strong letter sets its direction, apart from the page's.
    expect(content.getAttribute('dir')).toBe('auto');
  });
});
