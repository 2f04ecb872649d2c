// @vitest-environment happy-dom
import { dashboardSchema, type Dashboard } from '@parlo/contract/dashboard';
import { emptyStatistics } from '@parlo/core/stats/statistics';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../i18n/create-i18n.ts';
import { loadAllEnglish } from '../../../i18n/resources.ts';
import { dashboardQueryKey } from '../api/dashboard.ts';
import { ProgramPicker } from './course-picker.tsx';

const i18n = createI18n('en', { en: await loadAllEnglish() });

/** A dashboard answer as the API gives it, parsed by the contract's schema; `course` as the test needs. */
function dashboardWith(course: Dashboard['course']): Dashboard {
  return dashboardSchema.parse({
    program: null,
    statistics: emptyStatistics(),
    status: {
      name: null,
      index: 0,
      points: 0,
      nextPoints: null,
      toNextStatus: null,
      roadProgress: 0,
      tiers: [],
    },
    premium: false,
    freeLessonsLeft: null,
    course,
  });
}

/** The header's program picker with the dashboard's answer given, or still asked for (the request hangs). */
function showPicker(dashboard: Dashboard | 'asked for') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (dashboard === 'asked for') vi.stubGlobal('fetch', () => new Promise<never>(() => {}));
  else client.setQueryData(dashboardQueryKey, dashboard);
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <ProgramPicker />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return screen.getByRole('button', { name: /program/i });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the header's program picker", () => {
  it('shows a bar, not "Not chosen yet", while the dashboard is asked for', () => {
    const picker = showPicker('asked for');
    expect(picker.textContent).not.toContain('Not chosen yet');
    expect(picker.getAttribute('aria-busy')).toBe('true');
    expect(picker.querySelector('.picker__value--loading')).not.toBeNull();
  });

  it("shows the current program's name once the dashboard has answered", () => {
    const picker = showPicker(
      dashboardWith({
        packageId: 1,
        programId: 12,
        courseName: 'Spanish',
        color: null,
        programName: 'A2',
        languageCode: 'es',
        programs: [
          { id: 11, name: 'A1' },
          { id: 12, name: 'A2' },
        ],
        topics: [],
      }),
    );
    expect(picker.textContent).toContain('A2');
    expect(picker.getAttribute('aria-busy')).toBeNull();
  });

  it('says "Not chosen yet" when the dashboard answered without a course', () => {
    const picker = showPicker(dashboardWith(null));
    expect(picker.textContent).toContain('Not chosen yet');
    expect(picker.querySelector('.picker__value--loading')).toBeNull();
  });
});
