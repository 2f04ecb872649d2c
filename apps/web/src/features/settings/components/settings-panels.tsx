import './settings.css';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  ageSchema,
  MIN_PASSWORD_LENGTH,
  nameSchema,
  passwordChangeError,
  type ProfileErrorCode,
} from '@parlo/core/validation/user-validation';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { CheckIcon, MicIcon } from '../../../components/ui/icons.tsx';
import { LogOutIcon } from '../../../components/ui/more-icons.tsx';
import { Input, PasswordInput } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { useSaveSettings, type SessionUser, type SettingsChange } from '../../../lib/session.ts';
import { RemindersForm } from '../../../components/reminders-form.tsx';
import { SwitchField } from '../../../components/ui/switch-field.tsx';
import { useChangePassword } from '../api/change-password.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import type { LeftPanel } from '../../../lib/dashboard-panels.ts';
import { GuideIcon, VolumeIcon } from '../../../components/ui/learning-icons.tsx';
import { ConnectedAccounts } from './connected-accounts.tsx';
import { EmailStatus } from './email-status.tsx';
import { PhotoEditor } from './photo-editor.tsx';
import { ResetProgressSection } from './reset-progress.tsx';
import { VoiceChoice, type VoicePreviewSource } from './voice-choice.tsx';
import { useDashboardNavigate } from '../../../lib/use-dashboard-navigate.ts';
import { NotificationCentre } from '../../../components/notification-centre.tsx';
import { PushPermission } from '../../../components/push-permission.tsx';
import { paths } from '../../../config/paths.ts';

/** The settings entry points of SPEC §2 shown in the dashboard's left panel. */
export function SettingsPanel({
  panel,
  user,
  subscription,
  voicePreview,
}: {
  panel: LeftPanel;
  user: SessionUser;
  /** The billing feature's subscription panel, composed in by the app (features do not import each other). */
  subscription: ReactNode;
  /** The learner's course and current lesson, whose phrase the voice previews say. */
  voicePreview?: VoicePreviewSource;
}) {
  switch (panel) {
    case 'general':
      return <GeneralAndResetPanel user={user} />;
    case 'photo':
      return <PhotoEditor user={user} />;
    case 'sounds':
      return <SoundsPanel user={user} voicePreview={voicePreview} />;
    case 'subscription':
      return subscription;
    case 'reminders':
      return <RemindersPanel user={user} />;
    case 'notification':
      return <NotificationCentre />;
    case 'exit':
      return <ExitPanel />;
    default:
      return null;
  }
}

type ProfileField = 'name' | 'age' | 'oldPassword' | 'newPassword' | 'repeatPassword';
// The password fields' errors depend on each other ('do not match'): editing one clears them all.
const PASSWORD_FIELDS: readonly ProfileField[] = ['oldPassword', 'newPassword', 'repeatPassword'];

/** Which password field each SPEC §5 profile error belongs under. */
const passwordErrorField: Record<ProfileErrorCode | 'old-password-wrong', ProfileField> = {
  'old-password-empty': 'oldPassword',
  'old-password-wrong': 'oldPassword',
  'new-password-len': 'newPassword',
  'error-password-too-long': 'newPassword',
  'error-password-match': 'repeatPassword',
};

const emptyPasswords = { oldPassword: '', newPassword: '', repeatPassword: '' };

/**
 * SPEC §2 'general': name and age, and the password change (current, new, repeat) saved with them.
 * The rules are core's (SPEC §5); the password fields are left empty to keep the current password.
 */
function GeneralPanel({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const errorText = useErrorMessage();
  const update = useUpdateProfile();
  const changePassword = useChangePassword();
  const [name, setName] = useState(user.name);
  const [age, setAge] = useState(user.age ? String(user.age) : '');
  const [passwords, setPasswords] = useState(emptyPasswords);
  const [errors, setErrors] = useState<Partial<Record<ProfileField, string>>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [saved, setSaved] = useState<'profile' | 'password' | null>(null);
  const busy = update.isPending || changePassword.isPending;

  // A message answers the form as it was: editing a field clears its error and the form's news.
  const edit = (fields: readonly ProfileField[], change: () => void) => {
    change();
    setSaved(null);
    setFailure(null);
    setErrors((current) => {
      const next = { ...current };
      for (const field of fields) delete next[field];
      return next;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsedName = nameSchema.safeParse(name);
    const parsedAge = ageSchema.safeParse(age);
    const passwordProblem = passwordChangeError(passwords);
    const found: Partial<Record<ProfileField, string>> = {
      name: parsedName.success ? undefined : errorText(parsedName.error.issues[0]?.message ?? ''),
      age: parsedAge.success ? undefined : errorText(parsedAge.error.issues[0]?.message ?? ''),
      ...(passwordProblem ? { [passwordErrorField[passwordProblem]]: errorText(passwordProblem) } : {}),
    };
    setErrors(found);
    if (!parsedName.success || !parsedAge.success || passwordProblem) return;
    const wantsNewPassword = passwords.newPassword.trim() !== '';
    try {
      await update.mutateAsync({ userId: user.id, name: parsedName.data, age: parsedAge.data });
      if (wantsNewPassword) {
        await changePassword.mutateAsync({
          oldPassword: passwords.oldPassword.trim(),
          newPassword: passwords.newPassword.trim(),
        });
        setPasswords(emptyPasswords);
      }
      setSaved(wantsNewPassword ? 'password' : 'profile');
    } catch (error) {
      if (isApiError(error) && error.code === 'old-password-wrong') {
        setErrors({ oldPassword: errorText(error) });
      } else {
        setFailure(error);
      }
    }
  };

  const passwordInput = (field: keyof typeof emptyPasswords, autoComplete: string) => (
    <PasswordInput
      name={field}
      autoComplete={autoComplete}
      value={passwords[field]}
      onChange={(event) =>
        edit(PASSWORD_FIELDS, () => setPasswords((current) => ({ ...current, [field]: event.target.value })))
      }
      showLabel={t('auth.showPassword')}
      hideLabel={t('auth.hidePassword')}
    />
  );

  return (
    <form className="settings-form" onSubmit={(event) => void submit(event)} noValidate>
      <Field label={t('dashboard.general.name')} error={errors.name}>
        <Input
          value={name}
          autoComplete="name"
          onChange={(event) => edit(['name'], () => setName(event.target.value))}
        />
      </Field>
      <Field label={t('dashboard.general.age')} error={errors.age}>
        <Input
          type="number"
          inputMode="numeric"
          min={13}
          value={age}
          onChange={(event) => edit(['age'], () => setAge(event.target.value))}
        />
      </Field>
      <Field label={t('dashboard.general.email')} hint={t('dashboard.general.emailHint')}>
        <Input type="email" value={user.email} readOnly />
      </Field>
      <EmailStatus user={user} />
      <fieldset className="settings-form__group">
        <legend className="settings-form__legend">{t('dashboard.general.passwordTitle')}</legend>
        <p className="settings-form__intro">{t('dashboard.general.passwordIntro')}</p>
        <Field label={t('dashboard.general.currentPassword')} error={errors.oldPassword}>
          {passwordInput('oldPassword', 'current-password')}
        </Field>
        <Field
          label={t('dashboard.general.newPassword')}
          error={errors.newPassword}
          hint={t('auth.passwordHint', { min: MIN_PASSWORD_LENGTH })}
        >
          {passwordInput('newPassword', 'new-password')}
        </Field>
        <Field label={t('dashboard.general.repeatPassword')} error={errors.repeatPassword}>
          {passwordInput('repeatPassword', 'new-password')}
        </Field>
      </fieldset>
      {failure ? <Alert>{errorText(failure)}</Alert> : null}
      {saved ? (
        <Alert tone="success">
          {saved === 'password' ? t('dashboard.general.passwordChanged') : t('dashboard.general.saved')}
        </Alert>
      ) : null}
      <div className="settings-form__actions">
        <Button type="submit" loading={busy} loadingLabel={t('common.loading')}>
          {t('dashboard.save')}
        </Button>
      </div>
    </form>
  );
}

function GeneralAndResetPanel({ user }: { user: SessionUser }) {
  return (
    <>
      <GeneralPanel user={user} />
      <ConnectedAccounts />
      <ResetProgressSection />
    </>
  );
}

function SoundsPanel({ user, voicePreview }: { user: SessionUser; voicePreview?: VoicePreviewSource }) {
  const { t } = useTranslation();
  const errorText = useErrorMessage();
  const save = useSaveSettings();
  const [lastSaved, setLastSaved] = useState(false);
  // Set in the same event as the tap: the mutation's own pending state arrives a tick later, and a
  // controlled checkbox re-rendered in between would flip back to the stored value for a moment.
  const [pending, setPending] = useState<SettingsChange>({});
  const settings = user.settings;
  const change = (patch: SettingsChange) => {
    setLastSaved(false);
    setPending(patch);
    save.mutate(
      { settingsId: settings.id, change: patch },
      { onSuccess: () => setLastSaved(true), onSettled: () => setPending({}) },
    );
  };
  const value = <Key extends 'microphone' | 'voiceGuidance' | 'soundEffects' | 'voice'>(key: Key) =>
    pending[key] ?? settings[key];

  return (
    <div className="settings-form">
      <p className="settings-form__intro">{t('dashboard.sounds.intro')}</p>
      <SwitchField
        icon={<MicIcon />}
        label={t('dashboard.sounds.microphone')}
        hint={t('dashboard.sounds.microphoneHint')}
        checked={value('microphone')}
        disabled={save.isPending}
        onChange={(checked) => change({ microphone: checked })}
      />
      <SwitchField
        icon={<GuideIcon />}
        label={t('dashboard.sounds.voiceGuidance')}
        hint={t('dashboard.sounds.voiceGuidanceHint')}
        checked={value('voiceGuidance')}
        disabled={save.isPending}
        onChange={(checked) => change({ voiceGuidance: checked })}
      />
      <SwitchField
        icon={<VolumeIcon />}
        label={t('dashboard.sounds.soundEffects')}
        hint={t('dashboard.sounds.soundEffectsHint')}
        checked={value('soundEffects')}
        disabled={save.isPending}
        onChange={(checked) => change({ soundEffects: checked })}
      />
      <VoiceChoice
        value={value('voice')}
        disabled={save.isPending}
        onChange={(voice) => change({ voice })}
        preview={voicePreview}
      />
      <div className="settings-form__status" role="status">
        {save.isPending ? (
          <Spinner size="sm" label={t('common.loading')} />
        ) : lastSaved ? (
          <span className="saved-note">
            <CheckIcon /> {t('dashboard.sounds.saved')}
          </span>
        ) : null}
      </div>
      {save.isError ? <Alert>{errorText(save.error)}</Alert> : null}
    </div>
  );
}

function RemindersPanel({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  return (
    <div className="settings-form">
      <p className="settings-form__intro">{t('onboarding.selectReminders.text')}</p>
      <PushPermission />
      <RemindersForm settings={user.settings} submitLabel={t('dashboard.save')} />
    </div>
  );
}

function ExitPanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = useDashboardNavigate();
  return (
    <EmptyState
      tone="danger"
      icon={<LogOutIcon />}
      title={t('dashboard.exitTitle')}
      text={t('dashboard.exitText')}
      actions={
        <>
          <Button variant="secondary" onClick={() => open('dashboard')}>
            {t('common.cancel')}
          </Button>
          <Button variant="danger" onClick={() => void navigate(paths.logout)}>
            {t('dashboard.exitConfirm')}
          </Button>
        </>
      }
    />
  );
}
