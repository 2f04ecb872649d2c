import './landing.css';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Logo } from '../../../components/ui/logo.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { rememberWebOnPhone } from '../../../lib/device.ts';
import { useStoreLinks } from '../api/store-links.ts';
import { StoreBadges } from './store-badges.tsx';
import { paths } from '../../../config/paths.ts';

/** /mobile.html: phones are offered the store apps, with a way to stay on the web for good. */
export function MobilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const links = useStoreLinks().data;
  // No listing configured: there is no app to offer, so this address is the web app's home (issue 29).
  if (links && !links.appStoreUrl && !links.playStoreUrl) return <Navigate to={paths.home} replace />;
  return (
    <Page title={t('mobile.title')} width="narrow" hideHeading>
      <div className="mobile-offer">
        <Logo />
        <h1 className="mobile-offer__title">{t('mobile.title')}</h1>
        <p className="mobile-offer__text">{t('mobile.text')}</p>
        <StoreBadges atOnce />
        <Button
          variant="ghost"
          onClick={() => {
            rememberWebOnPhone();
            void navigate(paths.home, { replace: true });
          }}
        >
          {t('mobile.continueWeb')}
        </Button>
      </div>
    </Page>
  );
}
