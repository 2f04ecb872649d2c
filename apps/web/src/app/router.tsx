import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, type HydrationState, type RouteObject } from 'react-router';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { paths } from '../config/paths.ts';
import { dashboardQueryOptions } from '../features/dashboard/api/dashboard-query.ts';
import { LoginPage } from '../features/auth/components/login-page.tsx';
import { allTextsReady } from '../i18n/i18n.ts';
import { localRecordKeys, readLocalRecord } from '../lib/local-records.ts';
import { ensureLearnerSession, sessionQueryKey } from '../lib/session.ts';
import { ErrorScreen } from './error-screen.tsx';
import { GuestOnly, HomeRoute, RequireSession } from './guards.tsx';
import { holdHeaderForDashboard } from './layout/header-after-dashboard.ts';
import { RootLayout, SIGNED_IN_ROUTE, type RouteHandle } from './layout/root-layout.tsx';

const focused: RouteHandle = { focused: true };

/** The spinner a screen shows while its code (and data) arrive on the load that opens on it. */
function Loading() {
  const { t } = useTranslation();
  return <FullPageSpinner label={t('common.loading')} />;
}

/**
 * A route module's screen, with the features' English it falls back on (i18n/resources.ts): every screen
 * but the landing and login loads with its route, so a first visit downloads only what it shows (issue 15:
 * first-visit JS ≤ 150 KB gzip, e2e/tests/shell-first-visit.spec.ts).
 */
function screen<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  return async () => {
    const [module] = await Promise.all([load(), allTextsReady()]);
    return { Component: pick(module) };
  };
}

const loadDashboard = screen(
  () => import('./routes/dashboard-route.tsx'),
  (module) => module.DashboardRoute,
);

/** Who is signed in and their dashboard, fetched beside the dashboard's code (ADR 031). */
async function fillDashboard(queryClient: QueryClient): Promise<void> {
  // The header's code waits for the greeting's paint on a load that opens here (ADR 035).
  holdHeaderForDashboard();
  // A refusal (a guest) or an outage is the page's to show: RequireSession sends a guest to /login, and
  // the dashboard's query asks again and reports a failure itself.
  await Promise.all([
    ensureLearnerSession(queryClient).catch(() => undefined),
    queryClient.ensureQueryData(dashboardQueryOptions).catch(() => undefined),
  ]);
}

/**
 * SPEC §2 / and /main: a device signed in last time (or a learner who just signed in) most likely opens
 * their dashboard here; its code and data are fetched together, and HomeRoute draws it. A guest's device
 * loads nothing: the landing is in the first download.
 */
function homeLoader(queryClient: QueryClient) {
  return async (): Promise<ComponentType | null> => {
    const signedIn =
      readLocalRecord(localRecordKeys.signedIn) === 'yes' ||
      Boolean(queryClient.getQueryData(sessionQueryKey));
    if (!signedIn) return null;
    const [dashboard] = await Promise.all([loadDashboard(), fillDashboard(queryClient)]);
    return dashboard.Component;
  };
}

/**
 * SPEC §2, every route, in React Router's data mode: each screen's module is loaded by `lazy`, and the
 * loaders fill TanStack Query's cache, so the dashboard's code and data are fetched together. A failure
 * inside a page keeps the header and footer around the error screen (the layout's ErrorBoundary); a
 * route that cannot load (its chunk or its loader) shows the same screen.
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      Component: RootLayout,
      children: [
        {
          // The load that opens on a screen draws the header and footer, and this until its route is ready.
          HydrateFallback: Loading,
          errorElement: <ErrorScreen />,
          children: [
            { id: 'home', index: true, Component: HomeRoute, loader: homeLoader(queryClient) },
            { id: 'main', path: paths.main, Component: HomeRoute, loader: homeLoader(queryClient) },
            {
              Component: GuestOnly,
              children: [
                { path: paths.login, Component: LoginPage },
                {
                  path: paths.register,
                  lazy: screen(
                    () => import('../features/auth/components/register-page.tsx'),
                    (module) => module.RegisterPage,
                  ),
                },
                {
                  path: paths.socialSignUp,
                  lazy: screen(
                    () => import('../features/auth/components/social-sign-up-page.tsx'),
                    (module) => module.SocialSignUpPage,
                  ),
                },
              ],
            },
            {
              path: paths.passwordRecovery,
              lazy: screen(
                () => import('../features/auth/components/password-recovery-page.tsx'),
                (module) => module.PasswordRecoveryPage,
              ),
            },
            {
              path: paths.resetPassword,
              lazy: screen(
                () => import('../features/auth/components/reset-password-page.tsx'),
                (module) => module.ResetPasswordPage,
              ),
            },
            {
              path: paths.verifyEmail,
              lazy: screen(
                () => import('../features/auth/components/verify-email-page.tsx'),
                (module) => module.VerifyEmailPage,
              ),
            },
            {
              path: paths.unsubscribe,
              lazy: screen(
                () => import('../features/notifications/components/unsubscribe-page.tsx'),
                (module) => module.UnsubscribePage,
              ),
            },
            {
              path: paths.logout,
              lazy: screen(
                () => import('../features/auth/components/logout-page.tsx'),
                (module) => module.LogoutPage,
              ),
            },
            {
              path: paths.socialSignedIn,
              lazy: screen(
                () => import('../features/auth/components/social-signed-in-page.tsx'),
                (module) => module.SocialSignedInPage,
              ),
            },
            {
              id: SIGNED_IN_ROUTE,
              Component: RequireSession,
              children: [
                {
                  id: 'dashboard',
                  path: paths.dashboard,
                  lazy: loadDashboard,
                  // Its data beside its code: the loader runs while `lazy` fetches the module.
                  loader: () => fillDashboard(queryClient).then(() => null),
                },
                {
                  path: paths.selectCourse,
                  lazy: screen(
                    () => import('../features/onboarding/components/select-course-page.tsx'),
                    (module) => module.SelectCoursePage,
                  ),
                },
                {
                  path: paths.selectProgram,
                  lazy: screen(
                    () => import('../features/onboarding/components/select-program-page.tsx'),
                    (module) => module.SelectProgramPage,
                  ),
                },
                {
                  path: paths.selectLevel,
                  lazy: screen(
                    () => import('../features/onboarding/components/select-level-page.tsx'),
                    (module) => module.SelectLevelPage,
                  ),
                },
                {
                  path: paths.selectReminders,
                  lazy: screen(
                    () => import('../features/onboarding/components/select-reminders-page.tsx'),
                    (module) => module.SelectRemindersPage,
                  ),
                },
                {
                  path: paths.exercise,
                  handle: focused,
                  lazy: screen(
                    () => import('../features/player/components/exercise-page.tsx'),
                    (module) => module.ExercisePage,
                  ),
                },
                // The result screens with the ads feature's banner and full-screen ad composed in (issue 11).
                {
                  path: paths.endLesson,
                  lazy: screen(
                    () => import('./routes/result-routes.tsx'),
                    (module) => module.EndLessonRoute,
                  ),
                },
                {
                  path: paths.successful,
                  lazy: screen(
                    () => import('./routes/result-routes.tsx'),
                    (module) => module.SuccessfulRoute,
                  ),
                },
                {
                  path: paths.unsuccessful,
                  lazy: screen(
                    () => import('./routes/result-routes.tsx'),
                    (module) => module.UnsuccessfulRoute,
                  ),
                },
                {
                  path: paths.limit,
                  lazy: screen(
                    () => import('../features/billing/components/limit-page.tsx'),
                    (module) => module.LimitPage,
                  ),
                },
                {
                  path: paths.offer,
                  lazy: screen(
                    () => import('../features/billing/components/offer-page.tsx'),
                    (module) => module.OfferPage,
                  ),
                },
                {
                  path: paths.practice,
                  handle: focused,
                  lazy: screen(
                    () => import('../features/player/components/practice-page.tsx'),
                    (module) => module.PracticePage,
                  ),
                },
                {
                  path: paths.words,
                  lazy: screen(
                    () => import('../features/review/components/words-page.tsx'),
                    (module) => module.WordsPage,
                  ),
                },
                {
                  path: paths.settingsGeneral,
                  lazy: screen(
                    () => import('../features/settings/components/settings-link-page.tsx'),
                    (module) => module.SettingsGeneralLink,
                  ),
                },
              ],
            },
            {
              path: paths.exercisePreview,
              handle: focused,
              lazy: screen(
                () => import('../features/player/components/exercise-preview-page.tsx'),
                (module) => module.ExercisePreviewPage,
              ),
            },
            { path: paths.terms, lazy: infoScreen('terms') },
            { path: paths.privacy, lazy: infoScreen('privacy') },
            { path: paths.contacts, lazy: infoScreen('contacts') },
            {
              path: paths.test,
              lazy: screen(
                () => import('./routes/test-page.tsx'),
                (module) => module.TestPage,
              ),
            },
            {
              path: paths.loader,
              lazy: screen(
                () => import('./routes/loader-page.tsx'),
                (module) => module.LoaderPage,
              ),
            },
            {
              path: paths.testAd,
              lazy: screen(
                () => import('../features/ads/components/test-ad-page.tsx'),
                (module) => module.TestAdPage,
              ),
            },
            // SPEC §2: any other address shows the privacy text.
            { path: '*', lazy: infoScreen('privacy') },
          ],
        },
      ],
    },
    // The phone offer stands alone: its point is to leave the web app, so no header or footer.
    {
      path: paths.mobile,
      errorElement: <ErrorScreen />,
      HydrateFallback: Loading,
      lazy: screen(
        () => import('../features/info/components/mobile-page.tsx'),
        (module) => module.MobilePage,
      ),
    },
  ];
}

/** An info page; their texts are in the first download (the landing shares them). */
function infoScreen(section: 'terms' | 'privacy' | 'contacts') {
  return async () => {
    const { InfoPage } = await import('../features/info/components/info-page.tsx');
    return { Component: () => <InfoPage section={section} /> };
  };
}

/**
 * The first screen prerendered for a guest (ADR 029; main.tsx): its home loader has nothing to load (no
 * device record of a session), so the router starts on the markup already on display.
 */
export const prerenderedHydration: HydrationState = { loaderData: { home: null, main: null } };

export function createAppRouter(queryClient: QueryClient, hydrationData?: HydrationState) {
  return createBrowserRouter(createRoutes(queryClient), { hydrationData });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
