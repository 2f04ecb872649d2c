import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { AlertIcon, TrophyIcon } from '../../../components/ui/icons.tsx';
import { Screen } from '../../../components/ui/screen.tsx';

/** SPEC §2 /successful: a new status (or a passed blitz). */
export function SuccessfulPage() {
  const { t } = useTranslation();
  return (
    <Screen
      tone="accent"
      icon={<TrophyIcon />}
      title={t('player.successful.title')}
      text={t('player.successful.text')}
      actions={<ButtonLink to="/dashboard">{t('common.continue')}</ButtonLink>}
    />
  );
}

/** SPEC §2 /unsuccessful: a failed part; the learner may try again. */
export function UnsuccessfulPage() {
  const { t } = useTranslation();
  return (
    <Screen
      tone="danger"
      icon={<AlertIcon />}
      title={t('player.unsuccessful.title')}
      text={t('player.unsuccessful.text')}
      actions={
        <>
          <ButtonLink to="/dashboard">{t('common.retry')}</ButtonLink>
          <ButtonLink to="/dashboard" variant="ghost">
            {t('player.backToMenu')}
          </ButtonLink>
        </>
      }
    />
  );
}
