import { useTranslation } from 'react-i18next';
import { AppleLogo, GooglePlayLogo } from '../../../components/ui/icons.tsx';

// Store listings are not public yet; the badges keep their place (and look) until they are.
const APP_STORE_URL = '#';
const GOOGLE_PLAY_URL = '#';

export function StoreBadges() {
  const { t } = useTranslation();
  return (
    <div className="store-badges">
      <a
        className="store-badge"
        href={APP_STORE_URL}
        aria-label={`${t('landing.appStoreSmall')} ${t('landing.appStoreLarge')}`}
      >
        <AppleLogo className="store-badge__logo" />
        <span className="store-badge__text">
          <span className="store-badge__small">{t('landing.appStoreSmall')}</span>
          <span className="store-badge__large">{t('landing.appStoreLarge')}</span>
        </span>
      </a>
      <a
        className="store-badge"
        href={GOOGLE_PLAY_URL}
        aria-label={`${t('landing.playSmall')} ${t('landing.playLarge')}`}
      >
        <GooglePlayLogo className="store-badge__logo" />
        <span className="store-badge__text">
          <span className="store-badge__small">{t('landing.playSmall')}</span>
          <span className="store-badge__large">{t('landing.playLarge')}</span>
        </span>
      </a>
    </div>
  );
}
