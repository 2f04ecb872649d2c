import { useTranslation } from 'react-i18next';
import { AppleLogo, GooglePlayLogo } from '../../../components/ui/icons.tsx';
import { useNearScreen } from '../../../lib/use-near-screen.ts';
import { useStoreLinks } from '../api/store-links.ts';

/**
 * The app's store badges (SPEC §2 landing), each shown only once its listing is configured. `atOnce`
 * where they are asked for at once (/mobile.html, a phone's landing) rather than below the landing's fold.
 */
export function StoreBadges({ atOnce = false }: { atOnce?: boolean }) {
  const { t } = useTranslation();
  // Asked for when the badges near the screen (ADR 028); the empty slot until then takes no space.
  const [slotRef, near] = useNearScreen<HTMLDivElement>();
  const links = useStoreLinks(atOnce || near).data;
  if (!links?.appStoreUrl && !links?.playStoreUrl) return atOnce ? null : <div ref={slotRef} />;
  return (
    <div className="store-badges">
      {links.appStoreUrl ? (
        <a
          className="store-badge"
          href={links.appStoreUrl}
          aria-label={`${t('landing.appStoreSmall')} ${t('landing.appStoreLarge')}`}
        >
          <AppleLogo className="store-badge__logo" />
          <span className="store-badge__text">
            <span className="store-badge__small">{t('landing.appStoreSmall')}</span>
            <span className="store-badge__large">{t('landing.appStoreLarge')}</span>
          </span>
        </a>
      ) : null}
      {links.playStoreUrl ? (
        <a
          className="store-badge"
          href={links.playStoreUrl}
          aria-label={`${t('landing.playSmall')} ${t('landing.playLarge')}`}
        >
          <GooglePlayLogo className="store-badge__logo" />
          <span className="store-badge__text">
            <span className="store-badge__small">{t('landing.playSmall')}</span>
            <span className="store-badge__large">{t('landing.playLarge')}</span>
          </span>
        </a>
      ) : null}
    </div>
  );
}
