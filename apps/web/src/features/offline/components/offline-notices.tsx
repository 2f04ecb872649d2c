import './offline-notices.css';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { allTextsReady } from '../../../i18n/i18n.ts';
import { useSession } from '../../../lib/session.ts';
import { applyUpdate, useUpdateReady } from '../service-worker.ts';

// The lessons waiting on this device belong to a signed-in learner: their queue (IndexedDB, the sync and
// the completion calls) loads with the first signed-in page, not on a guest's first visit (issue 15).
const QueuedLessonNotices = lazy(async () => {
  // A refusal's reason may be one of the player's texts.
  const [module] = await Promise.all([import('./queued-lesson-notices.tsx'), allTextsReady()]);
  return { default: module.QueuedLessonNotices };
});

/**
 * `queueHeld`: the queue's code and notices wait while a load that opens on the dashboard paints its
 * greeting (the app's layout says when; issue 15, ADR 038).
 *
 * Issue 17, bottom of every signed-in page: lessons saved on this device and waiting to be sent, the ones
 * the server refused (and why), and "a new version is ready". Fixed in a corner, so nothing on the page
 * moves when they appear. Hidden in the lesson player (nothing may interrupt a lesson) and on the logout
 * warning, which says the same in full.
 */
export function OfflineNotices({ hidden, queueHeld = false }: { hidden: boolean; queueHeld?: boolean }) {
  const { data: user } = useSession();
  if (!user || queueHeld) return <Notices hidden={hidden} />;
  return (
    <Suspense fallback={<Notices hidden={hidden} />}>
      <QueuedLessonNotices userId={user.id} hidden={hidden} />
    </Suspense>
  );
}

interface NoticesProps {
  hidden: boolean;
  /** The queue's notices (refused and waiting runs), above the new-version notice. */
  queued?: ReactNode;
}

/** The corner with the queue's notices (signed in) and "a new version is ready" (everyone). */
export function Notices({ hidden, queued }: NoticesProps) {
  const updateReady = useUpdateReady();
  if (hidden || (!updateReady && !queued)) return null;
  return (
    <div className="offline-notices">
      {queued}
      {updateReady ? <UpdateReady /> : null}
    </div>
  );
}

/**
 * "A new version is ready". The page reloads once the new version has taken over, which waits for the
 * requests the old one is still answering (a lesson being saved for offline use): the button says so
 * meanwhile instead of seeming to do nothing.
 */
function UpdateReady() {
  const { t } = useTranslation();
  const [updating, setUpdating] = useState(false);
  return (
    <Alert
      tone="info"
      action={
        <Button
          size="sm"
          loading={updating}
          loadingLabel={t('offline.update.reload')}
          onClick={() => {
            setUpdating(true);
            void applyUpdate();
          }}
        >
          {t('offline.update.reload')}
        </Button>
      }
    >
      {t('offline.update.ready')}
    </Alert>
  );
}
