import { lazy, type ComponentType } from 'react';

/**
 * Screens a guest never needs on the first visit load on demand, so the landing page, login and
 * register arrive in one small chunk on a phone. The root layout's Suspense shows the spinner while a
 * screen's chunk loads.
 */
function lazyPage<Module, Name extends keyof Module>(load: () => Promise<Module>, name: Name) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const dashboard = () => import('./routes/dashboard-route.tsx');
export const DashboardPage = lazyPage(dashboard, 'DashboardRoute');

export const SelectCoursePage = lazyPage(
  () => import('../features/onboarding/components/select-course-page.tsx'),
  'SelectCoursePage',
);
export const SelectProgramPage = lazyPage(
  () => import('../features/onboarding/components/select-program-page.tsx'),
  'SelectProgramPage',
);
export const SelectLevelPage = lazyPage(
  () => import('../features/onboarding/components/select-level-page.tsx'),
  'SelectLevelPage',
);
export const SelectRemindersPage = lazyPage(
  () => import('../features/onboarding/components/select-reminders-page.tsx'),
  'SelectRemindersPage',
);

export const ExercisePage = lazyPage(
  () => import('../features/player/components/exercise-page.tsx'),
  'ExercisePage',
);
export const ExercisePreviewPage = lazyPage(
  () => import('../features/player/components/exercise-preview-page.tsx'),
  'ExercisePreviewPage',
);
export const EndLessonPage = lazyPage(
  () => import('../features/player/components/end-lesson-page.tsx'),
  'EndLessonPage',
);
const resultPages = () => import('../features/player/components/result-pages.tsx');
export const SuccessfulPage = lazyPage(resultPages, 'SuccessfulPage');
export const UnsuccessfulPage = lazyPage(resultPages, 'UnsuccessfulPage');

export const LimitPage = lazyPage(() => import('../features/billing/components/limit-page.tsx'), 'LimitPage');
export const OfferPage = lazyPage(() => import('../features/billing/components/offer-page.tsx'), 'OfferPage');
export const TestAdPage = lazyPage(
  () => import('../features/billing/components/test-ad-page.tsx'),
  'TestAdPage',
);

/** A signed-in learner lands on the dashboard: start fetching it as soon as we know who is here. */
export function preloadSignedInScreens() {
  void dashboard();
}
