import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { ClockIcon } from '../../../components/ui/icons.tsx';
import { Screen } from '../../../components/ui/screen.tsx';

/** SPEC §2 /limit: the day's free lessons are used up. */
export function LimitPage() {
  const { t } = useTranslation();
  return (
    <Screen
      tone="accent"
      icon={<ClockIcon />}
      title={t('billing.limit.title')}
      text={t('billing.limit.text')}
      actions={
        <>
          <ButtonLink to="/dashboard" state={{ leftPanel: 'subscription', rightPanel: 'settings' }}>
            {t('billing.goPremium')}
          </ButtonLink>
          <ButtonLink to="/dashboard" variant="ghost">
            {t('player.backToMenu')}
          </ButtonLink>
        </>
      }
    />
  );
}
