import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { BookIcon } from '../../../components/ui/icons.tsx';
import { Screen } from '../../../components/ui/screen.tsx';

/** SPEC §2 /exercise/{id}: a single exercise, for holders of the secret only (the server checks it). */
export function ExercisePreviewPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  if (!searchParams.get('secret')) return <Navigate to="/" replace />;
  return (
    <Screen icon={<BookIcon />} title={t('player.preview.title')} text={t('player.preview.text', { id })} />
  );
}
