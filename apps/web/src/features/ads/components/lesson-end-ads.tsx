import { useState } from 'react';
import { useLocation } from 'react-router';
import { useRandomBanner } from '../api/banners.ts';
import { AdModal } from './ad-modal.tsx';
import { BannerFrame } from './banner-frame.tsx';

/**
 * The ads of a result screen (/endlesson, /successful, /unsuccessful): the banner frame, and the
 * full-screen ad when the server serves one. The server serves it at most once every 2 completed lessons
 * (ADR 010); it is asked once per arrival on the screen, never during a lesson.
 */
export function LessonEndAds() {
  const location = useLocation();
  const modal = useRandomBanner('modal', { arrival: location.key });
  const [closed, setClosed] = useState<string | null>(null);
  const banner = modal.data ?? null;
  return (
    <>
      <BannerFrame />
      {banner ? (
        <AdModal banner={banner} open={closed !== banner.token} onClose={() => setClosed(banner.token)} />
      ) : null}
    </>
  );
}
