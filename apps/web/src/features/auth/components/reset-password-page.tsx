import { passwordSchema, MIN_PASSWORD_LENGTH } from '@parlo/core/validation/user-validation';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { PasswordInput } from '../../../components/ui/input.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { useConfirmPasswordReset } from '../api/password-reset.ts';
import { AuthCard } from './auth-card.tsx';
import { paths } from '../../../config/paths.ts';

/** The page behind the mailed link `/reset-password?token=…`. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const errorText = useErrorMessage();
  const confirmReset = useConfirmPasswordReset();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [repeatError, setRepeatError] = useState<string | null>(null);

  if (confirmReset.isSuccess) {
    return (
      <AuthCard title={t('auth.resetDoneTitle')}>
        <Alert tone="success">{t('auth.resetDoneText')}</Alert>
        <ButtonLink to={paths.login} size="lg" fullWidth className="auth__cta">
          {t('auth.loginButton')}
        </ButtonLink>
      </AuthCard>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = passwordSchema.safeParse(password);
    const problem = checked.success ? null : (checked.error.issues[0]?.message ?? 'error-password-not-set');
    const mismatch = !problem && repeat !== password ? 'error-password-match' : null;
    setPasswordError(problem);
    setRepeatError(mismatch);
    if (problem || mismatch) return;
    confirmReset.mutate(
      { token, password },
      {
        onError: (error) => {
          if (isApiError(error) && error.code.startsWith('error-password')) setPasswordError(error.code);
        },
      },
    );
  };

  const failure = confirmReset.error;
  const linkInvalid = !token || (isApiError(failure) && failure.code === 'RESET_LINK_INVALID');
  const showFailure = failure && !(isApiError(failure) && failure.code.startsWith('error-password'));

  return (
    <AuthCard
      title={t('auth.resetTitle')}
      subtitle={t('auth.resetSubtitle')}
      footer={
        <p>
          <Link to={paths.login}>{t('auth.backToLogin')}</Link>
        </p>
      }
    >
      {linkInvalid ? (
        <Alert action={<Link to={paths.passwordRecovery}>{t('auth.requestNewLink')}</Link>}>
          {token ? t('errors.RESET_LINK_INVALID') : t('auth.resetMissingToken')}
        </Alert>
      ) : null}
      {token ? (
        <form className="form" onSubmit={submit} noValidate>
          <Field
            label={t('auth.newPassword')}
            hint={t('auth.passwordHint', { min: MIN_PASSWORD_LENGTH })}
            error={passwordError ? errorText(passwordError) : null}
          >
            <PasswordInput
              name="new-password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              showLabel={t('auth.showPassword')}
              hideLabel={t('auth.hidePassword')}
            />
          </Field>
          <Field label={t('auth.repeatPassword')} error={repeatError ? errorText(repeatError) : null}>
            <PasswordInput
              name="repeat-password"
              autoComplete="new-password"
              value={repeat}
              onChange={(event) => setRepeat(event.target.value)}
              showLabel={t('auth.showPassword')}
              hideLabel={t('auth.hidePassword')}
            />
          </Field>
          {showFailure && !linkInvalid ? <Alert>{errorText(failure)}</Alert> : null}
          <Button
            type="submit"
            size="lg"
            fullWidth
            loading={confirmReset.isPending}
            loadingLabel={t('common.loading')}
          >
            {t('auth.saveButton')}
          </Button>
        </form>
      ) : null}
    </AuthCard>
  );
}
