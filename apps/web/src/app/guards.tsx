import { useTranslation } from 'react-i18next';
import { useEffect, type ComponentType } from 'react';
import { Navigate, Outlet, useLoaderData, useRevalidator } from 'react-router';
import { Page } from '../components/ui/page.tsx';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { LandingPage } from '../features/info/components/landing-page.tsx';
import { localRecordKeys, readLocalRecord } from '../lib/local-records.ts';
import { useSession } from '../lib/session.ts';
import { RequestFailed } from '../components/request-failed.tsx';
import { paths } from '../config/paths.ts';

/** SPEC §2 protected routes: without a session, to /login. */
export function RequireSession() {
  const { t } = useTranslation();
  const session = useSession();
  if (session.isPending) return <FullPageSpinner label={t('common.loading')} />;
  if (session.isError) {
    // We cannot tell whether the learner is signed in; sending them to /login would be a guess.
    return (
      <Page title={t('errors.generic')} width="narrow" hideHeading>
        <RequestFailed query={session} />
      </Page>
    );
  }
  if (!session.data) return <Navigate to={paths.login} replace />;
  return <Outlet />;
}

/**
 * SPEC §6: login and register send a signed-in learner to /dashboard. A device that was not signed in
 * last time shows the form while the session is asked for, as HomeRoute shows the landing: its first
 * screen is in the HTML (ADR 029) and stays in place.
 */
export function GuestOnly() {
  const { t } = useTranslation();
  const session = useSession();
  if (session.isPending && readLocalRecord(localRecordKeys.signedIn) === 'yes') {
    return <FullPageSpinner label={t('common.loading')} />;
  }
  // An unreadable session counts as a guest here: the form itself will report the outage.
  if (session.data) return <Navigate to={paths.dashboard} replace />;
  return <Outlet />;
}

/**
 * SPEC §2 / and /main: the landing page for guests, the dashboard for signed-in learners. A device that
 * was not signed in last time shows the landing at once instead of a spinner while the session is asked
 * for (issue 15: the landing's largest paint no longer waits for that round trip). The route's loader
 * brings the dashboard's code and data when it expects a learner (app/router.tsx).
 */
export function HomeRoute() {
  const { t } = useTranslation();
  const session = useSession();
  // The route loader brings the dashboard's screen for a learner (app/router.tsx).
  const Dashboard = useLoaderData() as ComponentType | null;
  if (session.isPending) {
    return readLocalRecord(localRecordKeys.signedIn) === 'yes' ? (
      <FullPageSpinner label={t('common.loading')} />
    ) : (
      <LandingPage />
    );
  }
  if (!session.data) return <LandingPage />;
  return Dashboard ? <Dashboard /> : <LoadDashboard />;
}

/** A learner the loader did not expect (signed in meanwhile): it runs again and brings the dashboard. */
function LoadDashboard() {
  const { t } = useTranslation();
  const { revalidate } = useRevalidator();
  useEffect(() => void revalidate(), [revalidate]);
  return <FullPageSpinner label={t('common.loading')} />;
}
