import './onboarding.css';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { useSession } from '../../../lib/session.ts';
import { OnboardingSteps } from './onboarding-steps.tsx';
import { RemindersForm } from '../../../components/reminders-form.tsx';
import { PushPermission } from '../../../components/push-permission.tsx';
import { paths } from '../../../config/paths.ts';

/** SPEC §2 /select-reminders: the last step before the dashboard, which confirms the save. */
export function SelectRemindersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { data: user } = useSession();
  const inOnboarding = (location.state as { onboarding?: unknown } | null)?.onboarding === true;

  if (!user) return <FullPageSpinner label={t('common.loading')} />;
  return (
    <Page title={t('onboarding.selectReminders.title')} subtitle={t('onboarding.selectReminders.text')}>
      {inOnboarding ? <OnboardingSteps current="reminders" /> : null}
      <Card padding="lg">
        <PushPermission />
        <RemindersForm
          settings={user.settings}
          submitLabel={t('onboarding.reminders.saveAndStart')}
          onSaved={() => void navigate(paths.dashboard, { state: { notice: 'reminders-saved' } })}
          secondaryAction={
            <ButtonLink to={paths.dashboard} variant="ghost">
              {t('onboarding.reminders.skip')}
            </ButtonLink>
          }
        />
      </Card>
    </Page>
  );
}
