import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { useTimeZoneSync } from '../../features/settings/hooks/use-time-zone-sync.ts';
import {
  localRecordKeys,
  readLocalRecord,
  writeLocalRecord,
  removeLocalRecord,
} from '../../lib/local-records.ts';
import { useSession } from '../../lib/session.ts';
import { allTextsReady } from '../../i18n/i18n.ts';
import { OfflineNotices } from '../../features/offline/components/offline-notices.tsx';
import { startServiceWorker } from '../../features/offline/service-worker.ts';
import { FullPageSpinner } from '../../components/ui/spinner.tsx';
import { GuestHeader } from './guest-header.tsx';
import { headerHeld, headerMayLoad, releaseHeader } from './header-after-dashboard.ts';
import { SignedInHeaderPlaceholder } from './signed-in-header-placeholder.tsx';
import { SiteFooter } from './site-footer.tsx';
import { ErrorBoundary } from '../error-boundary.tsx';
import { paths } from '../../config/paths.ts';

// The signed-in header (course pickers, bell, menus) is not needed by a guest's first visit; its frame
// stands in while it loads, as it does while the session is asked for.
const SignedInHeader = lazy(async () => {
  const [module] = await Promise.all([import('./signed-in-header.tsx'), allTextsReady()]);
  return { default: module.SignedInHeader };
});

/** What a route (app/router.tsx) tells the layout about its screen. */
export interface RouteHandle {
  /** The lesson player (and Practice, which runs in it): a full-screen view, as in the phone apps, with no site header or footer. */
  focused?: boolean;
}

// The routes the layout knows by id (app/router.tsx): the screens under RequireSession, and the
// dashboard's, on a load that opens on which the header waits for the greeting.
export const SIGNED_IN_ROUTE = 'signed-in';
const DASHBOARD_ROUTES: ReadonlySet<string> = new Set(['home', 'main', 'dashboard']);

/** The frame of every page: skip link, the header for who is looking, the page, the footer. */
export function RootLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const matches = useMatches();
  const session = useSession();
  const signedIn = Boolean(session.data);
  useTimeZoneSync();
  // Screens only a signed-in learner opens (under RequireSession): arriving there on a device with no
  // record of a session (a new browser, cleared storage), the signed-in header's frame is the better guess
  // while the session is asked for, so the header does not grow under the page when it is confirmed
  // (issue 15, CLS). Such a device, or one signed in at its last visit, most likely is: the signed-in
  // header's code is fetched alongside the session instead of after it.
  const signedInScreen = matches.some((match) => match.id === SIGNED_IN_ROUTE);
  const expectsSignedIn = signedIn || readLocalRecord(localRecordKeys.signedIn) === 'yes' || signedInScreen;
  // On a load that opens on the dashboard, the header's code follows the greeting's paint (ADR 035).
  const [headerLoads, setHeaderLoads] = useState(() => !headerHeld());
  useEffect(() => {
    if (headerLoads) return;
    let mounted = true;
    void headerMayLoad().then(() => mounted && setHeaderLoads(true));
    return () => {
      mounted = false;
    };
  }, [headerLoads]);
  const onDashboard = matches.some((match) => DASHBOARD_ROUTES.has(match.id));
  useEffect(() => {
    if (!onDashboard) releaseHeader();
  }, [onDashboard]);
  useEffect(() => {
    if (expectsSignedIn && headerLoads) void import('./signed-in-header.tsx');
  }, [expectsSignedIn, headerLoads]);
  // Issue 17: offline pages and lessons, and the "new version ready" prompt. On a load that opens on the
  // dashboard the worker's download waits for the greeting too (ADR 038).
  useEffect(() => void headerMayLoad().then(startServiceWorker), []);
  useEffect(() => {
    // Only a signed-in device keeps the record: logout leaves the interface language and free lessons alone (SPEC §4).
    if (session.isPending) return;
    if (signedIn) writeLocalRecord(localRecordKeys.signedIn, 'yes');
    else removeLocalRecord(localRecordKeys.signedIn);
  }, [session.isPending, signedIn]);

  const focused = matches.some((match) => (match.handle as RouteHandle | undefined)?.focused);
  return (
    <div className={focused ? 'app app--focused' : 'app'}>
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      {focused ? null : session.data ? (
        headerLoads ? (
          <Suspense fallback={<SignedInHeaderPlaceholder />}>
            <SignedInHeader user={session.data} />
          </Suspense>
        ) : (
          <SignedInHeaderPlaceholder />
        )
      ) : session.isPending && (readLocalRecord(localRecordKeys.signedIn) === 'yes' || signedInScreen) ? (
        <SignedInHeaderPlaceholder />
      ) : (
        <GuestHeader showActions={!session.isPending} />
      )}
      <main id="main" className="app__main" tabIndex={-1}>
        {/* A failure inside a page keeps the header and footer; another address starts afresh. */}
        <ErrorBoundary resetKey={location.pathname}>
          {/* A page's own lazy parts (the dashboard's side column, its settings panels) wait here. */}
          <Suspense fallback={<FullPageSpinner label={t('common.loading')} />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      {focused ? null : <SiteFooter />}
      {/* A new screen starts at its top (or its #section); back, forward and a reload return to where it was left. */}
      <ScrollRestoration />
      {/* The queue's notices, like the header, follow the dashboard's greeting on such a load (ADR 038). */}
      <OfflineNotices hidden={focused || location.pathname === paths.logout} queueHeld={!headerLoads} />
    </div>
  );
}
