import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { Screen } from '../../../components/ui/screen.tsx';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { clearLearnerCaches } from '../../../lib/offline/cache-names.ts';
import { forgetQueue, refreshQueue, syncCompletions } from '../../../lib/offline/completion-sync.ts';
import { useSession } from '../../../lib/session.ts';
import { useLogout } from '../api/logout.ts';
import { paths } from '../../../config/paths.ts';

/** /logout: ends the session as soon as it is visited, then shows the home page. */
export function LogoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const errorText = useErrorMessage();
  const started = useRef(false);
  const { mutate } = logout;
  const session = useSession();
  const userId = session.data?.id;
  // Issue 17: lessons finished offline and not sent yet would be lost; say so before signing out.
  const [unsent, setUnsent] = useState<number | undefined>(undefined);

  const signOut = useCallback(async () => {
    if (userId) await forgetQueue(userId);
    await clearLearnerCaches();
    mutate(undefined, { onSuccess: () => void navigate('/', { replace: true }) });
  }, [userId, mutate, navigate]);

  useEffect(() => {
    // Development StrictMode runs effects twice; one sign-out request is enough.
    if (started.current || session.isPending) return;
    started.current = true;
    void (async () => {
      if (userId) {
        if (navigator.onLine) await syncCompletions(userId);
        const waiting = (await refreshQueue(userId)).waiting.length;
        if (waiting > 0) return setUnsent(waiting);
      }
      await signOut();
    })();
  }, [session.isPending, userId, signOut]);

  if (unsent !== undefined && !logout.isPending && !logout.isSuccess && !logout.isError) {
    return (
      <Screen
        tone="danger"
        icon={<AlertIcon />}
        title={t('offline.logout.title')}
        text={t('offline.logout.text', { count: unsent })}
        actions={
          <>
            <Button onClick={() => void navigate(paths.dashboard, { replace: true })}>
              {t('offline.logout.stay')}
            </Button>
            <Button variant="ghost" onClick={() => void signOut()}>
              {t('offline.logout.anyway')}
            </Button>
          </>
        }
      />
    );
  }

  if (logout.isError) {
    return (
      <Page title={t('auth.logoutTitle')} width="narrow">
        <Alert
          action={
            <Button
              size="sm"
              variant="secondary"
              onClick={() => mutate(undefined, { onSuccess: () => void navigate('/', { replace: true }) })}
            >
              {t('common.retry')}
            </Button>
          }
        >
          {errorText(logout.error)}
        </Alert>
      </Page>
    );
  }
  return <FullPageSpinner label={t('auth.loggingOut')} />;
}
