import { isInterfaceLanguage } from '@parlo/core/i18n/interface-languages';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { changeInterfaceLanguage } from '../../../i18n/i18n.ts';
import { useSession } from '../../../lib/session.ts';
import { paths } from '../../../config/paths.ts';

/**
 * Where the server sends a returning learner after a social sign-in (issue 12): like a password sign-in,
 * the account's saved interface language wins over whatever this device was showing; then the dashboard.
 */
export function SocialSignedInPage() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const saved = session.data?.settings.uiLanguage;
  const ready = session.isFetched && (!saved || !isInterfaceLanguage(saved) || i18n.language === saved);

  useEffect(() => {
    // If its texts cannot be fetched now, the dashboard still opens in the current language.
    if (saved && isInterfaceLanguage(saved) && i18n.language !== saved) {
      void changeInterfaceLanguage(saved).catch(() => undefined);
    }
  }, [saved, i18n.language]);

  if (session.isFetched && !session.data) return <Navigate to={paths.login} replace />;
  if (!ready) return <FullPageSpinner label={t('common.loading')} />;
  return <Navigate to={paths.dashboard} replace />;
}
