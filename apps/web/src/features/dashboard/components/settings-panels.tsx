import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ageSchema, nameSchema } from '@parlo/core/validation/user-validation';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import {
  BellIcon,
  BookIcon,
  CameraIcon,
  CheckIcon,
  GiftIcon,
  LogOutIcon,
  MicIcon,
} from '../../../components/ui/icons.tsx';
import { Img } from '../../../components/ui/img.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { findCoursePackage, useCatalogue } from '../../../lib/catalogue.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { useSaveSettings, type SessionUser, type SettingsChange } from '../../../lib/session.ts';
import { RemindersForm } from '../../../components/reminders-form.tsx';
import { SwitchField } from '../../../components/ui/switch-field.tsx';
import { useOverview } from '../api/overview.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import type { LeftPanel } from '../panels.ts';
import { CrownIcon, GuideIcon, VolumeIcon } from './dashboard-icons.tsx';
import { RulesHtml } from './rules-dialog.tsx';
import { useDashboardNavigate } from './use-dashboard-navigate.ts';

/** The settings entry points of SPEC §2 shown in the left panel. */
export function SettingsPanel({ panel, user }: { panel: LeftPanel; user: SessionUser }) {
  switch (panel) {
    case 'general':
      return <GeneralPanel user={user} />;
    case 'photo':
      return <PhotoPanel user={user} />;
    case 'sounds':
      return <SoundsPanel user={user} />;
    case 'subscription':
      return <SubscriptionPanel />;
    case 'reminders':
      return <RemindersPanel user={user} />;
    case 'topic-rules':
      return <TopicRulesPanel />;
    case 'notification':
      return <NotificationPanel />;
    case 'exit':
      return <ExitPanel />;
    default:
      return null;
  }
}

function GeneralPanel({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const errorText = useErrorMessage();
  const update = useUpdateProfile();
  const [name, setName] = useState(user.name);
  const [age, setAge] = useState(user.age ? String(user.age) : '');
  const [errors, setErrors] = useState<{ name?: string; age?: string }>({});
  const [saved, setSaved] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The same field rules as registration (SPEC §5), from packages/core.
    const parsedName = nameSchema.safeParse(name);
    const parsedAge = ageSchema.safeParse(age);
    const found = {
      name: parsedName.success ? undefined : errorText(parsedName.error.issues[0]?.message ?? ''),
      age: parsedAge.success ? undefined : errorText(parsedAge.error.issues[0]?.message ?? ''),
    };
    setErrors(found);
    if (!parsedName.success || !parsedAge.success) return;
    update.mutate(
      { userId: user.id, name: parsedName.data, age: parsedAge.data },
      { onSuccess: () => setSaved(true) },
    );
  };

  return (
    <form className="settings-form" onSubmit={submit} noValidate>
      <Field label={t('dashboard.general.name')} error={errors.name}>
        <Input
          value={name}
          autoComplete="name"
          onChange={(event) => {
            setName(event.target.value);
            setSaved(false);
          }}
        />
      </Field>
      <Field label={t('dashboard.general.age')} error={errors.age}>
        <Input
          type="number"
          inputMode="numeric"
          min={13}
          value={age}
          onChange={(event) => {
            setAge(event.target.value);
            setSaved(false);
          }}
        />
      </Field>
      <Field label={t('dashboard.general.email')} hint={t('dashboard.general.emailHint')}>
        <Input type="email" value={user.email} readOnly />
      </Field>
      {update.isError ? <Alert>{errorText(update.error)}</Alert> : null}
      {saved ? <Alert tone="success">{t('dashboard.general.saved')}</Alert> : null}
      <div className="settings-form__actions">
        <Button type="submit" loading={update.isPending} loadingLabel={t('common.loading')}>
          {t('dashboard.save')}
        </Button>
      </div>
    </form>
  );
}

function PhotoPanel({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  return (
    <div className="coming-soon">
      <span className="coming-soon__avatar" aria-hidden="true">
        {user.avatar ? (
          <Img src={user.avatar} alt="" className="avatar__image" />
        ) : (
          (Array.from(user.name.trim())[0] ?? '?').toUpperCase()
        )}
      </span>
      <EmptyState
        icon={<CameraIcon />}
        title={t('dashboard.photo.title')}
        text={t('dashboard.photo.text')}
        actions={<span className="pill pill--muted">{t('landing.comingSoon')}</span>}
      />
    </div>
  );
}

function SoundsPanel({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const errorText = useErrorMessage();
  const save = useSaveSettings();
  const [lastSaved, setLastSaved] = useState(false);
  const settings = user.settings;
  const change = (patch: SettingsChange) => {
    setLastSaved(false);
    save.mutate({ settingsId: settings.id, change: patch }, { onSuccess: () => setLastSaved(true) });
  };
  // While a change is on its way the switch shows the new position, so a tap never looks ignored.
  const pending = save.isPending ? save.variables.change : {};
  const value = (key: 'microphone' | 'voiceGuidance' | 'soundEffects') => pending[key] ?? settings[key];

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

function SubscriptionPanel() {
  const { t } = useTranslation();
  const overview = useOverview();
  if (overview.isPending) {
    return (
      <div className="panel-wait">
        <Spinner size="lg" label={t('common.loading')} />
      </div>
    );
  }
  const premium = overview.data?.premium === true;
  const benefits = ['unlimited', 'noAds', 'allCourses'] as const;
  return (
    <div className="subscription">
      <div className={`plan-card${premium ? ' plan-card--premium' : ''}`}>
        <span className="plan-card__icon" aria-hidden="true">
          {premium ? <CrownIcon /> : <BookIcon />}
        </span>
        <div className="plan-card__text">
          <p className="plan-card__label">{t('dashboard.subscription.current')}</p>
          <p className="plan-card__name" data-testid="plan-name">
            {premium ? t('dashboard.subscription.premium') : t('dashboard.subscription.free')}
          </p>
          <p className="plan-card__detail">
            {premium
              ? t('dashboard.subscription.premiumText')
              : t('dashboard.subscription.freeText', {
                  lessons: t('common.freeLessons', { count: overview.data?.freeLessonsLeft ?? 0 }),
                })}
          </p>
        </div>
      </div>
      {premium ? null : (
        <div className="upsell">
          <h3 className="upsell__title">{t('dashboard.subscription.upsellTitle')}</h3>
          <ul className="benefits">
            {benefits.map((benefit) => (
              <li key={benefit}>
                <CheckIcon />
                {t(`billing.benefits.${benefit}`)}
              </li>
            ))}
          </ul>
          <ButtonLink to="/offer" variant="accent" icon={<GiftIcon />}>
            {t('dashboard.subscription.tryFree')}
          </ButtonLink>
        </div>
      )}
    </div>
  );
}

function RemindersPanel({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  return (
    <div className="settings-form">
      <p className="settings-form__intro">{t('onboarding.selectReminders.text')}</p>
      <RemindersForm settings={user.settings} submitLabel={t('dashboard.save')} />
    </div>
  );
}

/** The rules of the topic the learner is on: the topic's own text and its rules lessons. */
function TopicRulesPanel() {
  const { t } = useTranslation();
  const overview = useOverview();
  const catalogue = useCatalogue();
  if (overview.isPending || catalogue.isPending) {
    return (
      <div className="panel-wait">
        <Spinner size="lg" label={t('common.loading')} />
      </div>
    );
  }
  const program = overview.data?.program;
  const found = program && catalogue.data ? findCoursePackage(catalogue.data, program.packageId) : undefined;
  const topic = found?.coursePackage.programs
    .find((item) => item.id === program?.programId)
    ?.topics.find((item) => item.id === program?.currentTopicId);
  const texts = topic
    ? [
        topic.html,
        ...topic.lessons.filter((lesson) => lesson.type === 1).map((lesson) => lesson.html),
      ].filter((html): html is string => Boolean(html))
    : [];
  if (!topic || texts.length === 0) {
    return <EmptyState icon={<BookIcon />} text={t('dashboard.topics.noRules')} />;
  }
  return (
    <div className="topic-rules">
      <h3 className="topic-rules__topic">{topic.name}</h3>
      {texts.map((html, index) => (
        <RulesHtml key={index} html={html} />
      ))}
    </div>
  );
}

function NotificationPanel() {
  const { t } = useTranslation();
  const open = useDashboardNavigate();
  return (
    <EmptyState
      icon={<BellIcon />}
      title={t('dashboard.notification.title')}
      text={t('dashboard.notification.text')}
      actions={
        <>
          <span className="pill pill--muted">{t('landing.comingSoon')}</span>
          <Button variant="secondary" size="sm" onClick={() => open('reminders', 'settings')}>
            {t('dashboard.panel.reminders')}
          </Button>
        </>
      }
    />
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
          <Button variant="danger" onClick={() => void navigate('/logout')}>
            {t('dashboard.exitConfirm')}
          </Button>
        </>
      }
    />
  );
}
