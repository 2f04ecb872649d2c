import { useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { AlertIcon } from '../components/ui/icons.tsx';
import { useDocumentTitle } from '../lib/document-title.ts';

/** SPEC §9: after a render failure the app returns to the home page after 10 s. */
export const ERROR_REDIRECT_MS = 10_000;

/**
 * SPEC §8 'unknown-error'. It leaves through a full page load rather than the router: whatever broke the
 * render may still be in memory, and a fresh start is the one state known to work.
 */
export function ErrorScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('errors.unknown-error'));
  // The failure may come from far down a page: the message starts at the top, not under the header.
  useLayoutEffect(() => window.scrollTo(0, 0), []);

  useEffect(() => {
    const timer = window.setTimeout(() => window.location.assign('/'), ERROR_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <div className="page page--narrow">
      <Card padding="lg" className="screen" role="alert">
        <EmptyState
          headingLevel={1}
          tone="danger"
          icon={<AlertIcon />}
          title={t('errors.unknown-error')}
          text={t('errors.unknownErrorText')}
          actions={<Button onClick={() => window.location.assign('/')}>{t('common.goHome')}</Button>}
        />
      </Card>
    </div>
  );
}
