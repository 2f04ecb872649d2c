import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { useLogout } from '../api/logout.ts';

/** /logout: ends the session as soon as it is visited, then shows the home page. */
export function LogoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const errorText = useErrorMessage();
  const started = useRef(false);
  const { mutate } = logout;

  useEffect(() => {
    // Development StrictMode runs effects twice; one sign-out request is enough.
    if (started.current) return;
    started.current = true;
    mutate(undefined, { onSuccess: () => void navigate('/', { replace: true }) });
  }, [mutate, navigate]);

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
