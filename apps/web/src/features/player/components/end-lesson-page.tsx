import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { CheckIcon } from '../../../components/ui/icons.tsx';
import { Screen } from '../../../components/ui/screen.tsx';

/** SPEC §2 /endlesson: lesson finished; next lesson or back to the menu. */
export function EndLessonPage() {
  const { t } = useTranslation();
  return (
    <Screen
      tone="success"
      icon={<CheckIcon />}
      title={t('player.endLesson.title')}
      text={t('player.endLesson.text')}
      actions={
        <>
          <ButtonLink to="/dashboard">{t('player.endLesson.next')}</ButtonLink>
          <ButtonLink to="/dashboard" variant="ghost">
            {t('player.backToMenu')}
          </ButtonLink>
        </>
      }
    />
  );
}
