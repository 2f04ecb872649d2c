import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { useSession } from '../../../lib/session.ts';
import { useRandomBanner } from '../api/banners.ts';
import { AdModal } from './ad-modal.tsx';

/**
 * SPEC §2 /test-ad: the full-screen ad at its size (1110×630), opened at once. A free learner sees a real
 * house ad (served and counted like any other); a guest or a Premium learner sees the empty frame.
 */
export function TestAdPage() {
  const { t } = useTranslation();
  const session = useSession();
  const signedIn = Boolean(session.data);
  const served = useRandomBanner('banner', { enabled: signedIn });
  const [open, setOpen] = useState(true);
  const ready = !session.isPending && (!signedIn || !served.isPending);
  return (
    <Page title={t('ads.testAd.title')} subtitle={t('ads.testAd.text')}>
      <Card padding="lg">
        <Button onClick={() => setOpen(true)}>{t('ads.testAd.open')}</Button>
      </Card>
      {ready ? (
        <AdModal
          banner={signedIn ? (served.data ?? null) : null}
          open={open}
          onClose={() => setOpen(false)}
          emptyText={t('ads.testAd.noAd')}
        />
      ) : null}
    </Page>
  );
}
