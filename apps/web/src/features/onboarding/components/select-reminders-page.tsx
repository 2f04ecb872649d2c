import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { ClockIcon } from '../../../components/ui/icons.tsx';
import { Screen } from '../../../components/ui/screen.tsx';

/** SPEC §2 /select-reminders: the last onboarding step before the dashboard. */
export function SelectRemindersPage() {
  const { t } = useTranslation();
  return (
    <Screen
      icon={<ClockIcon />}
      title={t('onboarding.selectReminders.title')}
      text={t('onboarding.selectReminders.text')}
      actions={<ButtonLink to="/dashboard">{t('common.continue')}</ButtonLink>}
    />
  );
}
