import './ads.css';
import { Dialog as RadixDialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CloseIcon } from '../../../components/ui/more-icons.tsx';
import { reportBannerClick, type Banner } from '../api/banners.ts';

/** Issue 11: the full-screen ad can be closed after 5 s. */
export const AD_CLOSE_DELAY_SECONDS = 5;

interface AdModalProps {
  /** The served banner; null shows the empty frame (the /test-ad preview for a learner with no ads). */
  banner: Banner | null;
  open: boolean;
  onClose: () => void;
  emptyText?: string;
}

/**
 * SPEC §2/§9 full-screen ad: 1110×630, scaled down as a whole on smaller screens. Radix traps the focus;
 * Escape, the close button and a click outside do nothing until the countdown has run out.
 */
export function AdModal({ open, ...props }: AdModalProps) {
  // Mounted afresh on every opening, so the countdown starts again each time.
  return open ? <OpenAdModal {...props} /> : null;
}

/** Seconds left before the ad may be closed, counting down once a second from its mount. */
function useCloseCountdown(): number {
  const [secondsLeft, setSecondsLeft] = useState(AD_CLOSE_DELAY_SECONDS);
  useEffect(() => {
    const timer = window.setInterval(() => {
      setSecondsLeft((left) => {
        if (left <= 1) window.clearInterval(timer);
        return Math.max(0, left - 1);
      });
    }, 1000);
    return () => window.clearInterval(timer);
  }, []);
  return secondsLeft;
}

function OpenAdModal({ banner, onClose, emptyText }: Omit<AdModalProps, 'open'>) {
  const { t } = useTranslation();
  const secondsLeft = useCloseCountdown();
  const closable = secondsLeft <= 0;
  return (
    <RadixDialog.Root
      open
      onOpenChange={(next) => {
        if (!next && closable) onClose();
      }}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog__overlay ad-modal__overlay" />
        <RadixDialog.Content
          className={`ad-modal${banner ? ` ad-modal--${banner.kind}` : ''}`}
          onEscapeKeyDown={(event) => {
            if (!closable) event.preventDefault();
          }}
          // A stray tap beside the ad must not count as closing or as a click.
          onInteractOutside={(event) => event.preventDefault()}
          {...(banner ? {} : { 'aria-describedby': undefined })}
        >
          {banner ? (
            <div className="ad-modal__frame" data-banner={banner.id}>
              <img className="ad-modal__picture" src={banner.imageUrl} alt="" />
              <div className="ad-modal__body">
                <p className="ad-modal__eyebrow">
                  <span className="ad-badge">{t('ads.badge')}</span>
                  <span className="ad-eyebrow-text">{banner.eyebrow}</span>
                </p>
                <RadixDialog.Title className="ad-modal__title">{banner.title}</RadixDialog.Title>
                <RadixDialog.Description className="ad-modal__text">{banner.text}</RadixDialog.Description>
                <Link
                  to={banner.href}
                  className="button button--accent button--lg ad-modal__action"
                  onClick={() => {
                    reportBannerClick(banner);
                    onClose();
                  }}
                >
                  <span className="button__label">{banner.action}</span>
                </Link>
              </div>
            </div>
          ) : (
            <div className="ad-modal__frame ad-modal__frame--empty">
              <RadixDialog.Title className="ad-modal__title">{t('ads.label')}</RadixDialog.Title>
              <p className="ad-modal__text">{emptyText}</p>
            </div>
          )}
          <button
            type="button"
            className="ad-modal__close"
            aria-disabled={!closable}
            aria-label={closable ? t('ads.close') : t('ads.closeIn', { seconds: secondsLeft })}
            onClick={() => {
              if (closable) onClose();
            }}
          >
            {closable ? (
              <CloseIcon />
            ) : (
              <span className="ad-modal__countdown" aria-hidden="true">
                {secondsLeft}
              </span>
            )}
          </button>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
