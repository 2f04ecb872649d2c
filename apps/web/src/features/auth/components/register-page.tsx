import {
  ageSchema,
  emailSchema,
  nameSchema,
  passwordSchema,
  MIN_PASSWORD_LENGTH,
} from '@parlo/core/validation/user-validation';
import { useState, type FormEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { ZodType } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, type FieldControlProps } from '../../../components/ui/field.tsx';
import { CheckIcon } from '../../../components/ui/icons.tsx';
import { ArrowBackIcon, ArrowForwardIcon } from '../../../components/ui/more-icons.tsx';
import { Input, PasswordInput } from '../../../components/ui/input.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { useRegister } from '../api/register.ts';
import { AuthCard } from './auth-card.tsx';
import { paths } from '../../../config/paths.ts';

/** SPEC §2: the four registration steps, in the order §5 checks them. */
const steps = ['name', 'age', 'email', 'password'] as const;
type Step = (typeof steps)[number];
type Values = Record<Step, string>;

const stepRules: Record<Step, ZodType> = {
  name: nameSchema,
  age: ageSchema,
  email: emailSchema,
  password: passwordSchema,
};

/** The step's §5 error code (the shared core rule), or null when it may move on. */
function stepError(step: Step, value: string): string | null {
  const result = stepRules[step].safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'generic');
}

/** Which step a server error belongs to, so the learner is taken back to the field to fix. */
function stepOfCode(code: string): Step | null {
  if (code.startsWith('error-name')) return 'name';
  if (code.startsWith('error-age')) return 'age';
  if (code.startsWith('error-email') || code === 'EMAIL_ALREADY_EXISTS') return 'email';
  if (code.startsWith('error-password')) return 'password';
  return null;
}

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const register = useRegister();
  const errorText = useErrorMessage();
  const [stepIndex, setStepIndex] = useState(0);
  const [values, setValues] = useState<Values>({ name: '', age: '', email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Step, string>>>({});
  const [formError, setFormError] = useState<unknown>(null);
  const step = steps[stepIndex] ?? 'name';
  const isLast = stepIndex === steps.length - 1;

  const update = (value: string) => {
    setValues((current) => ({ ...current, [step]: value }));
    // Once a step has shown an error, re-check as the learner types so the message goes away in time.
    if (errors[step]) setErrors((current) => ({ ...current, [step]: stepError(step, value) ?? undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = stepError(step, values[step]);
    setErrors((current) => ({ ...current, [step]: problem ?? undefined }));
    if (problem) return;
    if (!isLast) {
      setStepIndex(stepIndex + 1);
      return;
    }
    setFormError(null);
    register.mutate(
      {
        name: values.name.trim(),
        age: Number(values.age),
        email: values.email.trim(),
        password: values.password,
      },
      {
        onSuccess: () => void navigate(paths.selectCourse, { replace: true, flushSync: true }),
        onError: (error) => {
          const target = isApiError(error) ? stepOfCode(error.code) : null;
          if (target && isApiError(error)) {
            setErrors((current) => ({ ...current, [target]: error.code }));
            setStepIndex(steps.indexOf(target));
          } else {
            setFormError(error);
          }
        },
      },
    );
  };

  const fieldError = errors[step] ? errorText(errors[step]) : null;
  const controls: Record<Step, { label: string; hint?: string; input: ReactElement<FieldControlProps> }> = {
    name: {
      label: t('auth.nameLabel'),
      input: (
        <Input
          name="name"
          autoComplete="given-name"
          autoFocus
          value={values.name}
          onChange={(e) => update(e.target.value)}
        />
      ),
    },
    age: {
      label: t('auth.ageLabel'),
      hint: t('auth.ageHint'),
      input: (
        <Input
          name="age"
          type="number"
          inputMode="numeric"
          min={1}
          max={120}
          autoFocus
          value={values.age}
          onChange={(e) => update(e.target.value)}
        />
      ),
    },
    email: {
      label: t('auth.emailLabel'),
      hint: t('auth.emailHint'),
      input: (
        <Input
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoFocus
          value={values.email}
          onChange={(e) => update(e.target.value)}
        />
      ),
    },
    password: {
      label: t('auth.passwordLabel'),
      hint: t('auth.passwordHint', { min: MIN_PASSWORD_LENGTH }),
      input: (
        <PasswordInput
          name="password"
          autoComplete="new-password"
          autoFocus
          value={values.password}
          onChange={(e) => update(e.target.value)}
          showLabel={t('auth.showPassword')}
          hideLabel={t('auth.hidePassword')}
        />
      ),
    },
  };
  const control = controls[step];

  return (
    <AuthCard
      title={t('auth.registerTitle')}
      subtitle={t('auth.registerSubtitle')}
      top={
        <nav className="steps" aria-label={t('auth.stepOf', { current: stepIndex + 1, total: steps.length })}>
          <p className="steps__count">{t('auth.stepOf', { current: stepIndex + 1, total: steps.length })}</p>
          <ol className="steps__list">
            {steps.map((name, index) => (
              <li
                key={name}
                className={`steps__item${index < stepIndex ? ' steps__item--done' : ''}${index === stepIndex ? ' steps__item--current' : ''}`}
                aria-current={index === stepIndex ? 'step' : undefined}
              >
                <span className="steps__dot" aria-hidden="true">
                  {index < stepIndex ? <CheckIcon /> : index + 1}
                </span>
                <span className="steps__label">{t(`auth.step.${name}`)}</span>
              </li>
            ))}
          </ol>
        </nav>
      }
      footer={
        <p>
          {t('auth.haveAccount')} <Link to={paths.login}>{t('auth.loginButton')}</Link>
        </p>
      }
    >
      <form className="form" onSubmit={submit} noValidate>
        <Field key={step} label={control.label} hint={control.hint} error={fieldError}>
          {control.input}
        </Field>
        {formError ? <Alert>{errorText(formError)}</Alert> : null}
        <div className="form__actions">
          {stepIndex > 0 ? (
            <Button
              variant="secondary"
              size="lg"
              icon={<ArrowBackIcon />}
              onClick={() => setStepIndex(stepIndex - 1)}
            >
              {t('common.back')}
            </Button>
          ) : null}
          <Button
            type="submit"
            size="lg"
            className="form__primary"
            loading={register.isPending}
            loadingLabel={t('common.loading')}
            iconEnd={isLast ? undefined : <ArrowForwardIcon />}
          >
            {isLast ? t('auth.createButton') : t('common.next')}
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
