import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Page } from '../../../components/ui/page.tsx';

/** SPEC §2 /test-ad: shows the full-screen ad frame (1110×630, SPEC §9) that non-premium learners see. */
export function TestAdPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('billing.testAd.title')} subtitle={t('billing.testAd.text')}>
      <Card padding="lg">
        <Dialog
          size="ad"
          title={t('billing.testAd.adLabel')}
          closeLabel={t('common.close')}
          trigger={<Button>{t('billing.testAd.open')}</Button>}
        >
          <div className="ad-frame">
            <p>{t('billing.testAd.placeholder')}</p>
            <ButtonLink
              to="/dashboard"
              state={{ leftPanel: 'subscription', rightPanel: 'settings' }}
              variant="accent"
            >
              {t('billing.testAd.removeAds')}
            </ButtonLink>
          </div>
        </Dialog>
      </Card>
    </Page>
  );
}
