import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '../../components/ui/spinner.tsx';
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
import { preloadSignedInScreens } from '../lazy-pages.ts';
import { GuestHeader } from './guest-header.tsx';
import { headerHeld, headerMayLoad, releaseHeader } from './header-after-dashboard.ts';
import { SignedInHeaderPlaceholder } from './signed-in-header-placeholder.tsx';
import { SiteFooter } from './site-footer.tsx';
import { useScrollRestoration } from './use-scroll-restoration.ts';
import { ErrorBoundary } from '../error-boundary.tsx';

// The signed-in header (course pickers, bell, menus) is not needed by a guest's first visit; its frame
// stands in while it loads, as it does while the session is asked for.
const SignedInHeader = lazy(async () => {
  const [module] = await Promise.all([import('./signed-in-header.tsx'), allTextsReady()]);
  return { default: module.SignedInHeader };
});

// The lesson player (and Practice, which runs in it) is a focused full-screen view, as in the phone apps:
// no site header or footer.
const FOCUSED_PATH = /^\/(exercise|practice)(\/|$)/;
// Screens only a signed-in learner opens: arriving there on a device with no record of a session (a new
// browser, cleared storage), the signed-in header's frame is the better guess while the session is asked
// for, so the header does not grow under the page when it is confirmed (issue 15, CLS).
const SIGNED_IN_PATH =
  /^\/(dashboard|select-(course|program|level|reminders)|words|offer|limit|endlesson|successful|unsuccessful|settings)(\/|$)/;

/** The frame of every page: skip link, the header for who is looking, the page, the footer. */
export function RootLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const session = useSession();
  const signedIn = Boolean(session.data);
  useTimeZoneSync();
  useScrollRestoration();
  // A device that was signed in at its last visit, or that opens a signed-in screen, most likely is: the
  // dashboard's and the signed-in header's code are fetched alongside the session instead of after it
  // (issue 15, the dashboard's LCP).
  const expectsSignedIn =
    signedIn || readLocalRecord(localRecordKeys.signedIn) === 'yes' || SIGNED_IN_PATH.test(location.pathname);
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
  const onDashboard = /^\/(dashboard|main)?\/?$/.test(location.pathname);
  useEffect(() => {
    if (!onDashboard) releaseHeader();
  }, [onDashboard]);
  useEffect(() => {
    if (!expectsSignedIn) return;
    preloadSignedInScreens();
    if (headerLoads) void import('./signed-in-header.tsx');
  }, [expectsSignedIn, headerLoads]);
  useEffect(() => {
    // Only a signed-in device keeps the record: logout leaves the interface language and free lessons alone (SPEC §4).
    if (session.isPending) return;
    if (signedIn) writeLocalRecord(localRecordKeys.signedIn, 'yes');
    else removeLocalRecord(localRecordKeys.signedIn);
  }, [session.isPending, signedIn]);

  const focused = FOCUSED_PATH.test(location.pathname);
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
      ) : session.isPending &&
        (readLocalRecord(localRecordKeys.signedIn) === 'yes' || SIGNED_IN_PATH.test(location.pathname)) ? (
        <SignedInHeaderPlaceholder />
      ) : (
        <GuestHeader showActions={!session.isPending} />
      )}
      <main id="main" className="app__main" tabIndex={-1}>
        {/* A failure inside a page keeps the header and footer; another address starts afresh. */}
        <ErrorBoundary resetKey={location.pathname}>
          <Suspense fallback={<FullPageSpinner label={t('common.loading')} />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      {focused ? null : <SiteFooter />}
      {/* The queue's notices, like the header, follow the dashboard's greeting on such a load (ADR 038). */}
      <OfflineNotices hidden={focused || location.pathname === '/logout'} queueHeld={!headerLoads} />
    </div>
  );
}
