import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { useSession } from '../../../lib/session.ts';
import { useConfirmEmail } from '../api/email-verification.ts';
import { AuthCard } from './auth-card.tsx';
import { paths, withToken } from '../../../config/paths.ts';

/**
 * `/verify-email?token=…` from the confirmation mail (issue 30). The page, not the link, sends the
 * confirmation, so a mail scanner fetching links confirms nothing. A link mailed in answer to a reset
 * request goes on to choosing the new password.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const errorText = useErrorMessage();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const session = useSession();
  const confirm = useConfirmEmail();
  const { mutate } = confirm;
  // The link works once: React's development double effect must not spend it twice.
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    mutate(token, {
      onSuccess: ({ resetToken }) => {
        if (resetToken) {
          void navigate(withToken(paths.resetPassword, resetToken), { replace: true });
        }
      },
    });
  }, [token, mutate, navigate]);

  const signedIn = Boolean(session.data);
  const invalid =
    !token || (confirm.isError && isApiError(confirm.error) && confirm.error.code === 'VERIFY_LINK_INVALID');
  const next = signedIn ? (
    <ButtonLink to={paths.dashboard} size="lg" fullWidth className="auth__cta">
      {t('auth.verifyToParlo')}
    </ButtonLink>
  ) : (
    <ButtonLink to={paths.login} size="lg" fullWidth className="auth__cta">
      {t('auth.loginButton')}
    </ButtonLink>
  );

  return (
    <AuthCard title={t('auth.verifyTitle')}>
      {invalid ? (
        <>
          <Alert tone="info">{token ? t('errors.VERIFY_LINK_INVALID') : t('auth.verifyMissingToken')}</Alert>
          <p className="auth__subtitle">{t('auth.verifyAskAgain')}</p>
          {signedIn ? (
            <p>
              <Link to={paths.settingsGeneral}>{t('auth.verifyToSettings')}</Link>
            </p>
          ) : null}
          {next}
        </>
      ) : confirm.isSuccess && !confirm.data.resetToken ? (
        <>
          <Alert tone="success">{t('auth.verifyDone')}</Alert>
          {next}
        </>
      ) : confirm.isError ? (
        <Alert>{errorText(confirm.error)}</Alert>
      ) : (
        <Spinner label={t('auth.verifyWorking')} />
      )}
    </AuthCard>
  );
}
