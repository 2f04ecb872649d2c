import { ageSchema, emailSchema } from '@parlo/core/validation/user-validation';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { providerNames } from '../../../components/social-providers.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { useCompleteSocialSignUp, usePendingSocialSignUp } from '../api/social-sign-in.ts';
import { AuthCard } from './auth-card.tsx';
import { paths } from '../../../config/paths.ts';

/** The first rule the value breaks (core's SPEC §5 rules), as an error code; null when it is fine. */
function problemOf(schema: typeof ageSchema | typeof emailSchema, value: string): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'generic');
}

/**
 * Issue 12: a first social sign-in makes an account, but providers do not give the age (and VK or Facebook
 * may not give an e-mail). The learner gives them here; under 13 is refused as on /register.
 */
export function SocialSignUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorMessage();
  const pending = usePendingSocialSignUp();
  const complete = useCompleteSocialSignUp();
  const [age, setAge] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ age?: string | null; email?: string | null }>({});

  if (pending.isPending) return <FullPageSpinner label={t('common.loading')} />;
  if (pending.isError || !pending.data) {
    const expired = isApiError(pending.error) && pending.error.status === 404;
    return (
      <AuthCard title={t('auth.socialSignUpTitle')}>
        <Alert>{expired ? t('errors.SOCIAL_SIGN_UP_EXPIRED') : errorText(pending.error)}</Alert>
        <p className="auth__subtitle">
          <Link to={paths.login}>{t('auth.loginButton')}</Link>
        </p>
      </AuthCard>
    );
  }
  const { network, name, needsEmail } = pending.data;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      age: problemOf(ageSchema, age),
      email: needsEmail ? problemOf(emailSchema, email.trim()) : null,
    };
    setErrors(found);
    if (found.age || found.email) return;
    complete.mutate(
      { age: Number(age), ...(needsEmail ? { email: email.trim() } : {}) },
      {
        onSuccess: () => void navigate(paths.selectCourse, { replace: true, flushSync: true }),
        onError: (error) => {
          if (!isApiError(error)) return;
          if (error.code.startsWith('error-age')) setErrors({ age: error.code });
          else if (error.code.startsWith('error-email') || error.code === 'EMAIL_ALREADY_EXISTS')
            setErrors({ email: error.code });
        },
      },
    );
  };
  const fieldError = (code: string | null | undefined) => (code ? errorText(code) : null);
  const shownInField =
    isApiError(complete.error) &&
    (complete.error.code.startsWith('error-') || complete.error.code === 'EMAIL_ALREADY_EXISTS');

  return (
    <AuthCard
      title={t('auth.socialSignUpTitle')}
      subtitle={t('auth.socialSignUpSubtitle', { name, provider: providerNames[network] })}
      footer={
        <p>
          {t('auth.haveAccount')} <Link to={paths.login}>{t('auth.loginButton')}</Link>
        </p>
      }
    >
      <form className="form" onSubmit={submit} noValidate>
        <Field label={t('auth.ageLabel')} hint={t('auth.ageHint')} error={fieldError(errors.age)}>
          <Input
            name="age"
            type="number"
            inputMode="numeric"
            min={1}
            max={120}
            autoFocus
            value={age}
            onChange={(event) => {
              setAge(event.target.value);
              setErrors((current) => ({ ...current, age: null }));
            }}
          />
        </Field>
        {needsEmail ? (
          <Field
            label={t('auth.emailLabel')}
            hint={t('auth.socialEmailHint', { provider: providerNames[network] })}
            error={fieldError(errors.email)}
          >
            <Input
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setErrors((current) => ({ ...current, email: null }));
              }}
            />
          </Field>
        ) : null}
        {complete.isError && !shownInField ? <Alert>{errorText(complete.error)}</Alert> : null}
        <Button
          type="submit"
          size="lg"
          fullWidth
          loading={complete.isPending}
          loadingLabel={t('common.loading')}
        >
          {t('auth.createButton')}
        </Button>
      </form>
    </AuthCard>
  );
}
