import { createElement, lazy, useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { allTextsReady } from '../i18n/i18n.ts';

/**
 * Every screen but the landing page and login loads on demand, so a first visit downloads only what it
 * shows (issue 15: first-visit JS ≤ 150 KB gzip, checked by e2e/tests/shell-first-visit.spec.ts). The
 * root layout's Suspense shows the spinner while a screen's chunk loads.
 */
function lazyPage<Module, Name extends keyof Module>(load: () => Promise<Module>, name: Name) {
  return lazy(async () => {
    const [module] = await Promise.all([load(), allTextsReady()]);
    return { default: module[name] as ComponentType };
  });
}

/**
 * A page whose code can be fetched before it is rendered (the dashboard, once the first paint is done: ADR 031).
 * Not React.lazy: a lazy page suspends on its first render even when its code is already there, and
 * React then holds the page behind the spinner for up to 300 ms after the fallback showed (its fallback
 * throttle) — the dashboard's largest paint waited for that (issue 15). This one renders the page at once
 * when the code is there, and otherwise the same spinner as the layout's until it is, then the page: a
 * plain state change, so nothing is throttled. A load that fails reaches the error boundary, as a lazy
 * page's does, and the next mount tries again.
 */
function preloadablePage<Module, Name extends keyof Module>(load: () => Promise<Module>, name: Name) {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () =>
    (loading ??= Promise.all([load(), allTextsReady()]).then(
      ([module]) => (loaded = module[name] as ComponentType),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  function Page() {
    const { t } = useTranslation();
    const [Ready, setReady] = useState(() => loaded);
    const [failure, setFailure] = useState<{ error: unknown }>();
    useEffect(() => {
      if (Ready) return;
      let mounted = true;
      preload().then(
        (component) => mounted && setReady(() => component),
        (error: unknown) => mounted && setFailure({ error }),
      );
      return () => {
        mounted = false;
      };
    }, [Ready]);
    if (failure) throw failure.error;
    return Ready ? createElement(Ready) : createElement(FullPageSpinner, { label: t('common.loading') });
  }
  return { Page, preload: () => void preload().catch(() => undefined) };
}

// The dashboard with the review feature's practice card beside it (features do not import each other).
const dashboard = preloadablePage(() => import('./routes/dashboard-route.tsx'), 'DashboardRoute');
export const DashboardPage = dashboard.Page;

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
// The result screens with the ads feature's banner and full-screen ad composed in (issue 11).
const resultRoutes = () => import('./routes/result-routes.tsx');
export const EndLessonPage = lazyPage(resultRoutes, 'EndLessonRoute');
export const SuccessfulPage = lazyPage(resultRoutes, 'SuccessfulRoute');
export const UnsuccessfulPage = lazyPage(resultRoutes, 'UnsuccessfulRoute');

export const LimitPage = lazyPage(() => import('../features/billing/components/limit-page.tsx'), 'LimitPage');
export const OfferPage = lazyPage(() => import('../features/billing/components/offer-page.tsx'), 'OfferPage');
export const TestAdPage = lazyPage(() => import('../features/ads/components/test-ad-page.tsx'), 'TestAdPage');

/**
 * A signed-in learner lands on the dashboard: start fetching its code and the English it falls back on
 * as soon as we know (or expect) who is here, not when the screen first renders.
 */
export function preloadSignedInScreens() {
  dashboard.preload();
}

export const PracticePage = lazyPage(
  () => import('../features/player/components/practice-page.tsx'),
  'PracticePage',
);
export const WordsPage = lazyPage(() => import('../features/review/components/words-page.tsx'), 'WordsPage');

export const RegisterPage = lazyPage(
  () => import('../features/auth/components/register-page.tsx'),
  'RegisterPage',
);
export const PasswordRecoveryPage = lazyPage(
  () => import('../features/auth/components/password-recovery-page.tsx'),
  'PasswordRecoveryPage',
);
export const ResetPasswordPage = lazyPage(
  () => import('../features/auth/components/reset-password-page.tsx'),
  'ResetPasswordPage',
);
export const VerifyEmailPage = lazyPage(
  () => import('../features/auth/components/verify-email-page.tsx'),
  'VerifyEmailPage',
);
export const LogoutPage = lazyPage(() => import('../features/auth/components/logout-page.tsx'), 'LogoutPage');
export const SocialSignedInPage = lazyPage(
  () => import('../features/auth/components/social-signed-in-page.tsx'),
  'SocialSignedInPage',
);
export const SocialSignUpPage = lazyPage(
  () => import('../features/auth/components/social-sign-up-page.tsx'),
  'SocialSignUpPage',
);
export const UnsubscribePage = lazyPage(
  () => import('../features/notifications/components/unsubscribe-page.tsx'),
  'UnsubscribePage',
);
export const SettingsGeneralLink = lazyPage(
  () => import('../features/settings/components/settings-link-page.tsx'),
  'SettingsGeneralLink',
);
// The info pages' texts are in the first download (the landing shares them).
export const InfoPage = lazy(async () => ({
  default: (await import('../features/info/components/info-page.tsx')).InfoPage,
}));
export const MobilePage = lazyPage(() => import('../features/info/components/mobile-page.tsx'), 'MobilePage');
export const TestPage = lazyPage(() => import('./routes/test-page.tsx'), 'TestPage');
export const LoaderPage = lazyPage(() => import('./routes/loader-page.tsx'), 'LoaderPage');
