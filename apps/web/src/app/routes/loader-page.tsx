import { useTranslation } from 'react-i18next';
import { FullPageSpinner } from '../../components/ui/spinner.tsx';

/** SPEC §2 /loader: the full-page loader on its own, as it appears while the app fetches data. */
export function LoaderPage() {
  const { t } = useTranslation();
  return (
    <>
      <title>{`${t('common.loading')} · Parlo`}</title>
      <FullPageSpinner label={t('common.loading')} />
    </>
  );
}
