import { emailSchema } from '@parlo/core/validation/user-validation';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { isApiError, SERVER_NOT_RESPONDING } from '../../../lib/api-client.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { useRequestPasswordReset } from '../api/password-reset.ts';
import { AuthCard } from './auth-card.tsx';
import { paths } from '../../../config/paths.ts';

export function PasswordRecoveryPage() {
  const { t } = useTranslation();
  const errorText = useErrorMessage();
  const requestReset = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = emailSchema.safeParse(email);
    if (!checked.success) {
      setEmailError(checked.error.issues[0]?.message ?? 'error-email-not-valid');
      return;
    }
    setEmailError(null);
    requestReset.mutate(checked.data);
  };

  // SPEC §8: any answer but 204 reads 'User not found', except a missing answer or a rate limit.
  const failure = requestReset.error;
  const failureText =
    failure &&
    isApiError(failure) &&
    failure.code !== SERVER_NOT_RESPONDING &&
    failure.code !== 'TOO_MANY_REQUESTS'
      ? t('errors.USER_NOT_FOUND')
      : failure
        ? errorText(failure)
        : null;

  return (
    <AuthCard
      title={t('auth.recoveryTitle')}
      subtitle={t('auth.recoverySubtitle')}
      footer={
        <p>
          <Link to={paths.login}>{t('auth.backToLogin')}</Link>
        </p>
      }
    >
      <form className="form" onSubmit={submit} noValidate>
        <Field label={t('auth.email')} error={emailError ? errorText(emailError) : null}>
          <Input
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </Field>
        {requestReset.isSuccess ? <Alert tone="success">{t('auth.resetLinkSent')}</Alert> : null}
        {failureText ? <Alert>{failureText}</Alert> : null}
        <Button
          type="submit"
          size="lg"
          fullWidth
          loading={requestReset.isPending}
          loadingLabel={t('common.loading')}
        >
          {t('auth.restoreButton')}
        </Button>
      </form>
    </AuthCard>
  );
}
