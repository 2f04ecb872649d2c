import './reminders-form.css';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from './ui/alert.tsx';
import { Button } from './ui/button.tsx';
import { Field } from './ui/field.tsx';
import { BellIcon, MailIcon } from './ui/more-icons.tsx';
import { Input } from './ui/input.tsx';
import { useErrorMessage } from '../lib/error-message.ts';
import { useSaveSettings, type SessionSettings } from '../lib/session.ts';
import { formatTime, maskTime, normaliseWeek, parseTime, toggleDay, weekdayNames } from '../lib/reminders.ts';
import { SwitchField } from './ui/switch-field.tsx';

/** How long 'Reminders saved' stays after the save it answers. */
export const SAVED_NOTICE_MS = 6_000;

interface RemindersFormProps {
  settings: SessionSettings;
  submitLabel: string;
  /** Called after a successful save; without it the form confirms the save itself. */
  onSaved?: () => void;
  secondaryAction?: ReactNode;
}

/**
 * SPEC §3 reminders: the days (Monday first), the time (HH:MM, stored as minutes since midnight) and
 * motivation notifications. Used by /select-reminders and by the dashboard's reminders panel.
 */
export function RemindersForm({ settings, submitLabel, onSaved, secondaryAction }: RemindersFormProps) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorMessage();
  const save = useSaveSettings();
  const [days, setDays] = useState(() => normaliseWeek(settings.notificationDays, true));
  const [time, setTime] = useState(() => formatTime(settings.notificationTime));
  const [motivation, setMotivation] = useState(settings.motivationNotification);
  const [byEmail, setByEmail] = useState(settings.emailReminders);
  const [timeError, setTimeError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const shortNames = weekdayNames(i18n.language, 'short');
  const narrowNames = weekdayNames(i18n.language, 'narrow');
  const longNames = weekdayNames(i18n.language, 'long');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const minutes = parseTime(time);
    if (minutes === null) {
      setTimeError(t('onboarding.reminders.timeInvalid'));
      return;
    }
    setTimeError(null);
    save.mutate(
      {
        settingsId: settings.id,
        change: {
          notificationDays: days,
          notificationTime: minutes,
          motivationNotification: motivation,
          emailReminders: byEmail,
        },
      },
      {
        onSuccess: () => {
          setTime(formatTime(minutes));
          if (onSaved) onSaved();
          else setSaved(true);
        },
      },
    );
  };

  // A change makes 'saved' (and a failed save's error) about a form that is no longer on screen.
  const changed = () => {
    setSaved(false);
    save.reset();
  };
  // 'Saved' is news for a moment, not a state: it does not greet the learner minutes later.
  useEffect(() => {
    if (!saved) return;
    const timer = window.setTimeout(() => setSaved(false), SAVED_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [saved]);

  return (
    <form className="reminders-form" onSubmit={submit} noValidate>
      <fieldset className="reminders-form__fieldset">
        <legend className="reminders-form__legend">{t('onboarding.reminders.days')}</legend>
        <div className="weekday-toggles">
          {days.map((on, index) => (
            <button
              key={index}
              type="button"
              className="weekday-toggle"
              aria-pressed={on}
              aria-label={longNames[index]}
              onClick={() => {
                setDays((current) => toggleDay(current, index));
                changed();
              }}
            >
              <span className="weekday-toggle__short" aria-hidden="true">
                {shortNames[index]}
              </span>
              <span className="weekday-toggle__narrow" aria-hidden="true">
                {narrowNames[index]}
              </span>
            </button>
          ))}
        </div>
        <p className="reminders-form__hint">
          {days.some(Boolean) ? t('onboarding.reminders.daysHint') : t('onboarding.reminders.noDays')}
        </p>
      </fieldset>

      <Field
        label={t('onboarding.reminders.time')}
        hint={t('onboarding.reminders.timeHint')}
        error={timeError}
      >
        <Input
          className="time-input"
          value={time}
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('onboarding.reminders.timePlaceholder')}
          maxLength={5}
          dir="ltr"
          onChange={(event) => {
            setTime(maskTime(event.target.value));
            setTimeError(null);
            changed();
          }}
        />
      </Field>

      <SwitchField
        icon={<BellIcon />}
        label={t('onboarding.reminders.motivation')}
        hint={t('onboarding.reminders.motivationHint')}
        checked={motivation}
        onChange={(checked) => {
          setMotivation(checked);
          changed();
        }}
      />

      <SwitchField
        icon={<MailIcon />}
        label={t('notifications.emailReminders')}
        hint={t('notifications.emailRemindersHint')}
        checked={byEmail}
        onChange={(checked) => {
          setByEmail(checked);
          changed();
        }}
      />

      {save.isError ? <Alert>{errorText(save.error)}</Alert> : null}
      {saved ? <Alert tone="success">{t('onboarding.reminders.saved')}</Alert> : null}

      <div className="reminders-form__actions">
        {secondaryAction}
        <Button type="submit" size="lg" loading={save.isPending} loadingLabel={t('common.loading')}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
