// @vitest-environment happy-dom
import { dashboardSchema, type Dashboard } from '@parlo/contract/dashboard';
import { emptyStatistics } from '@parlo/core/stats/statistics';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../../../i18n/create-i18n.ts';
import { loadAllEnglish } from '../../../i18n/resources.ts';
import { dashboardQueryKey } from '../api/dashboard.ts';
import { TopicsPanel } from './topics-panel.tsx';

const i18n = createI18n('en', { en: await loadAllEnglish() });

/** A learner in their first topic ('Greetings'); 'Food' is done already, 'Family' still locked. */
const dashboard: Dashboard = dashboardSchema.parse({
  program: {
    programId: 1,
    packageId: 7,
    currentTopicId: 10,
    currentLessonId: 101,
    finished: false,
    topics: [
      { id: 10, state: 'current', blitz: null, lessons: [{ id: 101, state: 'available' }] },
      { id: 20, state: 'complete', blitz: null, lessons: [{ id: 201, state: 'complete' }] },
      { id: 30, state: 'locked', blitz: null, lessons: [{ id: 301, state: 'locked' }] },
    ],
  },
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
  course: {
    packageId: 7,
    programId: 1,
    courseName: 'German',
    color: null,
    programName: 'German for beginners',
    languageCode: 'de',
    programs: [{ id: 1, name: 'German for beginners' }],
    topics: [
      {
        id: 10,
        name: 'Greetings',
        icon: null,
        type: 0,
        basic: true,
        hasRules: false,
        lessons: [{ id: 101, name: 'Hello', description: null, type: 0, hasRules: false }],
      },
      {
        id: 20,
        name: 'Food',
        icon: null,
        type: 0,
        basic: false,
        hasRules: false,
        lessons: [{ id: 201, name: 'At the bakery', description: null, type: 0, hasRules: false }],
      },
      {
        id: 30,
        name: 'Family',
        icon: null,
        type: 0,
        basic: false,
        hasRules: false,
        lessons: [{ id: 301, name: 'My brother', description: null, type: 0, hasRules: false }],
      },
    ],
  },
});

function showTopics() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(dashboardQueryKey, dashboard);
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <TopicsPanel />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const topic = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });

afterEach(() => {
  cleanup();
});

describe("the dashboard's topics", () => {
  it("shows the current topic's lessons and draws a closed topic's only once it is opened", async () => {
    showTopics();
    expect(topic('Greetings').getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByRole('button', { name: 'Start Hello' })).toBeTruthy();

    const food = topic('Food');
    expect(food.getAttribute('aria-expanded')).toBe('false');
    const foodLessons = document.getElementById(food.getAttribute('aria-controls') ?? '');
    expect(foodLessons?.hidden).toBe(true);
    expect(foodLessons?.textContent).toBe('');

    fireEvent.click(food);
    expect(food.getAttribute('aria-expanded')).toBe('true');
    expect(foodLessons?.hidden).toBe(false);
    expect(within(foodLessons!).getByRole('button', { name: 'Repeat At the bakery' })).toBeTruthy();

    fireEvent.click(topic('Family'));
    expect(screen.getByText('My brother')).toBeTruthy();
  });
});
