import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoutes, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/components/login-page.tsx';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { ErrorBoundary } from './error-boundary.tsx';
import { GuestOnly, HomeRoute, RequireSession } from './guards.tsx';
import {
  DashboardPage,
  EndLessonPage,
  ExercisePage,
  ExercisePreviewPage,
  InfoPage,
  LimitPage,
  LoaderPage,
  LogoutPage,
  MobilePage,
  PasswordRecoveryPage,
  RegisterPage,
  ResetPasswordPage,
  SettingsGeneralLink,
  SocialSignedInPage,
  SocialSignUpPage,
  TestPage,
  UnsubscribePage,
  VerifyEmailPage,
  OfferPage,
  PracticePage,
  SelectCoursePage,
  SelectLevelPage,
  SelectProgramPage,
  SelectRemindersPage,
  SuccessfulPage,
  TestAdPage,
  UnsuccessfulPage,
  WordsPage,
} from './lazy-pages.ts';
import { RootLayout } from './layout/root-layout.tsx';

/** The phone offer has no root layout around it, so it brings its own wait for its chunk. */
function StandaloneLoading() {
  const { t } = useTranslation();
  return <FullPageSpinner label={t('common.loading')} />;
}

/**
 * SPEC §2, every route. Declarative routes (ADR 028): React Router's data router (loaders, actions,
 * fetchers) is 17 KB of compressed JavaScript the app never used, so the first visit leaves it out.
 * A failure inside a page is caught in RootLayout, which keeps the header and footer around the error
 * screen; a failure of the layout itself by the app's ErrorBoundary (provider.tsx).
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        children: [
          { index: true, element: <HomeRoute /> },
          { path: 'main', element: <HomeRoute /> },
          {
            element: <GuestOnly />,
            children: [
              { path: 'login', element: <LoginPage /> },
              { path: 'register', element: <RegisterPage /> },
              { path: 'social-sign-up', element: <SocialSignUpPage /> },
            ],
          },
          { path: 'passrecovery', element: <PasswordRecoveryPage /> },
          { path: 'reset-password', element: <ResetPasswordPage /> },
          { path: 'verify-email', element: <VerifyEmailPage /> },
          { path: 'unsubscribe', element: <UnsubscribePage /> },
          { path: 'logout', element: <LogoutPage /> },
          { path: 'social-signed-in', element: <SocialSignedInPage /> },
          {
            element: <RequireSession />,
            children: [
              { path: 'dashboard', element: <DashboardPage /> },
              { path: 'select-course', element: <SelectCoursePage /> },
              { path: 'select-program', element: <SelectProgramPage /> },
              { path: 'select-level', element: <SelectLevelPage /> },
              { path: 'select-reminders', element: <SelectRemindersPage /> },
              { path: 'exercise', element: <ExercisePage /> },
              { path: 'endlesson', element: <EndLessonPage /> },
              { path: 'limit', element: <LimitPage /> },
              { path: 'successful', element: <SuccessfulPage /> },
              { path: 'unsuccessful', element: <UnsuccessfulPage /> },
              { path: 'offer', element: <OfferPage /> },
              { path: 'practice', element: <PracticePage /> },
              { path: 'words', element: <WordsPage /> },
              { path: 'settings/general', element: <SettingsGeneralLink /> },
            ],
          },
          { path: 'exercise/:id', element: <ExercisePreviewPage /> },
          { path: 'terms', element: <InfoPage section="terms" /> },
          { path: 'privacy', element: <InfoPage section="privacy" /> },
          { path: 'contacts', element: <InfoPage section="contacts" /> },
          { path: 'test', element: <TestPage /> },
          { path: 'loader', element: <LoaderPage /> },
          { path: 'test-ad', element: <TestAdPage /> },
          // SPEC §2: any other address shows the privacy text.
          { path: '*', element: <InfoPage section="privacy" /> },
        ],
      },
    ],
  },
  // The phone offer stands alone: its point is to leave the web app, so no header or footer.
  {
    path: 'mobile.html',
    element: (
      <ErrorBoundary>
        <Suspense fallback={<StandaloneLoading />}>
          <MobilePage />
        </Suspense>
      </ErrorBoundary>
    ),
  },
];

/** The screen for the current address; rendered inside the BrowserRouter of app.tsx. */
export function AppRoutes() {
  return useRoutes(routes);
}
