// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/create-i18n.ts';
import { NotificationTime } from './notification-time.tsx';

afterEach(cleanup);

// 2026-12-01 11:30 UTC, as the API sends it (seconds): still 1 December from UTC-11:30 to UTC+12:29.
const timestamp = Date.UTC(2026, 11, 1, 11, 30) / 1000;

function timeIn(language: 'en' | 'de') {
  const i18n = createI18n(language, { [language]: {} });
  const { container } = render(
    <I18nextProvider i18n={i18n}>
      <NotificationTime className="when" timestamp={timestamp} />
    </I18nextProvider>,
  );
  return container.querySelector('time.when')!;
}

describe("a notification's time", () => {
  it('carries the instant for machines and the date in the interface language for the learner', () => {
    const english = timeIn('en');
    expect(english.getAttribute('datetime')).toBe('2026-12-01T11:30:00.000Z');
    expect(english.textContent).toMatch(/Dec 1, 2026/);
    cleanup();
    const german = timeIn('de');
    expect(german.textContent).toMatch(/01\.12\.2026/);
    expect(german.textContent).not.toBe(english.textContent);
  });
});
