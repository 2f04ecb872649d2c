import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input, PasswordInput } from '../../../components/ui/input.tsx';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { useLogin } from '../api/login.ts';
import { AuthCard } from './auth-card.tsx';
import { SocialButtons } from './social-buttons.tsx';
import { paths } from '../../../config/paths.ts';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useLogin();
  const errorText = useErrorMessage();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // A social sign-in that failed comes back here with its code (issue 12), shown until the next attempt.
  // The prerendered /login knows no query (ADR 029): the note joins once the page is adopted (issue 29).
  const [searchParams] = useSearchParams();
  const hydrated = useHydrated();
  const socialError = hydrated ? searchParams.get('social-error') : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate(
      { email: email.trim(), password },
      { onSuccess: () => void navigate(paths.dashboard, { replace: true, flushSync: true }) },
    );
  };

  return (
    <AuthCard
      title={t('auth.loginTitle')}
      subtitle={t('auth.loginSubtitle')}
      footer={
        <p>
          {t('auth.noAccount')} <Link to={paths.register}>{t('auth.createAccount')}</Link>
        </p>
      }
    >
      {socialError && !login.isError ? (
        <div className="social__note">
          <Alert>{errorText(socialError)}</Alert>
        </div>
      ) : null}
      <form className="form" onSubmit={submit} noValidate>
        <Field label={t('auth.email')}>
          <Input
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </Field>
        <Field label={t('auth.password')}>
          <PasswordInput
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            showLabel={t('auth.showPassword')}
            hideLabel={t('auth.hidePassword')}
          />
        </Field>
        <div className="form__row form__row--end">
          <Link to={paths.passwordRecovery} className="text-link">
            {t('auth.forgotPassword')}
          </Link>
        </div>
        {login.isError ? <Alert>{errorText(login.error)}</Alert> : null}
        <Button
          type="submit"
          size="lg"
          fullWidth
          loading={login.isPending}
          loadingLabel={t('common.loading')}
        >
          {t('auth.loginButton')}
        </Button>
      </form>
      <SocialButtons />
    </AuthCard>
  );
}
