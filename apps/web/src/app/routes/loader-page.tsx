import { useTranslation } from 'react-i18next';
import { FullPageSpinner } from '../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';

/** SPEC §2 /loader: the full-page loader on its own, as it appears while the app fetches data. */
export function LoaderPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('common.loading'));
  return <FullPageSpinner label={t('common.loading')} />;
}
