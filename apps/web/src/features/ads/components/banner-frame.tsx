import './ads.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowForwardIcon } from '../../../components/ui/more-icons.tsx';
import { reportBannerClick, useRandomBanner, type Banner } from '../api/banners.ts';

/**
 * The banner frame of the dashboard and the result screens. Its height is fixed and kept while the
 * banner loads, so nothing moves when it arrives; a learner the server gives no ad (Premium) gets no frame.
 * It shows the ad's eyebrow, title and action, each in full (issue 29); the full-screen ad adds the text.
 */
export function BannerFrame() {
  const { t } = useTranslation();
  const { data: banner, isPending } = useRandomBanner('banner');
  if (!isPending && !banner) return null;
  return (
    <aside className="ad-banner" aria-label={t('ads.label')} aria-busy={isPending}>
      {banner ? <BannerLink banner={banner} /> : null}
    </aside>
  );
}

function BannerLink({ banner }: { banner: Banner }) {
  const { t } = useTranslation();
  return (
    <Link
      to={banner.href}
      className={`ad-banner__link ad-banner__link--${banner.kind}`}
      onClick={() => reportBannerClick(banner)}
      data-banner={banner.id}
    >
      <img className="ad-banner__picture" src={banner.imageUrl} alt="" width={120} height={120} />
      <span className="ad-banner__body">
        <span className="ad-banner__eyebrow">
          <span className="ad-badge">{t('ads.badge')}</span>
          <span className="ad-eyebrow-text">{banner.eyebrow}</span>
        </span>
        <span className="ad-banner__title">{banner.title}</span>
        <span className="ad-banner__action">
          <span className="ad-banner__action-label">{banner.action}</span>
          <ArrowForwardIcon />
        </span>
      </span>
    </Link>
  );
}
