import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { BookIcon } from '../../../components/ui/icons.tsx';
import { Screen } from '../../../components/ui/screen.tsx';

/**
 * SPEC §2 /exercise: the lesson player opens from the dashboard with the lesson in navigation state;
 * without it (a typed or reloaded address) and without secret access there is nothing to play.
 */
export function ExercisePage() {
  const { t } = useTranslation();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  if (!location.state && !searchParams.has('secret')) return <Navigate to="/" replace />;
  return (
    <Screen
      icon={<BookIcon />}
      title={t('player.exercise.title')}
      text={t('player.exercise.text')}
      actions={
        <ButtonLink to="/dashboard" variant="secondary">
          {t('player.backToMenu')}
        </ButtonLink>
      }
    />
  );
}
