import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CheckIcon } from '../../../components/ui/icons.tsx';
import { useErrorMessage } from '../../../lib/error-message.ts';
import type { SessionUser } from '../../../lib/session.ts';
import { useSendEmailVerification } from '../api/email-verification.ts';

/**
 * Settings → general (issue 30): whether the account's address is confirmed, and while it is not, a
 * button that mails the confirmation link again. Reset and reminder mails go only to a confirmed address.
 */
export function EmailStatus({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const errorText = useErrorMessage();
  const send = useSendEmailVerification();

  if (user.emailVerified) {
    return (
      <p className="email-status">
        <span className="email-status__badge email-status__badge--verified" data-testid="email-verified">
          <CheckIcon />
          {t('dashboard.general.emailVerified')}
        </span>
      </p>
    );
  }
  return (
    <div className="email-status">
      <span className="email-status__badge email-status__badge--pending" data-testid="email-unverified">
        {t('dashboard.general.emailNotVerified')}
      </span>
      <p className="email-status__hint">{t('dashboard.general.emailNotVerifiedHint')}</p>
      <div>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          loading={send.isPending}
          loadingLabel={t('common.loading')}
          onClick={() => send.mutate()}
        >
          {t('dashboard.general.sendAgain')}
        </Button>
      </div>
      {send.isSuccess ? (
        <Alert tone="success">
          {/* Isolated, so the address keeps its order inside a right-to-left sentence. */}
          {t('dashboard.general.verificationSent', { email: `\u2068${user.email}\u2069` })}
        </Alert>
      ) : null}
      {send.isError ? <Alert>{errorText(send.error)}</Alert> : null}
    </div>
  );
}
