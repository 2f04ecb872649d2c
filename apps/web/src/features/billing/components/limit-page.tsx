import './billing.css';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { GiftIcon } from '../../../components/ui/icons.tsx';
import { ClockIcon } from '../../../components/ui/more-icons.tsx';
import { CrownIcon } from '../../../components/ui/learning-icons.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { useBillingStatus } from '../api/billing-api.ts';
import { NoRefunds } from './plan-choice.tsx';
import { BillingHero } from './billing-hero.tsx';
import { PremiumBenefits } from './premium-benefits.tsx';
import { PurchaseDialog } from './purchase-dialog.tsx';
import { paths } from '../../../config/paths.ts';

/**
 * SPEC §2 /limit (§8 message): the day's free lessons are used up; Premium has no limit. Once the server
 * says the learner is premium (the purchase form just closed), the way back to the lessons is open.
 */
export function LimitPage() {
  const { t } = useTranslation();
  const status = useBillingStatus();
  if (status.data?.premium) {
    return (
      <Page title={t('billing.welcome.title')} width="narrow" hideHeading>
        <Card padding="lg" className="billing-screen" data-testid="premium-welcome">
          <BillingHero
            icon={<CrownIcon />}
            accent
            title={t('billing.welcome.title')}
            text={t('billing.welcome.text')}
          />
          <div className="billing-actions">
            <ButtonLink to={paths.dashboard} variant="accent" size="lg">
              {t('billing.welcome.continue')}
            </ButtonLink>
          </div>
        </Card>
      </Page>
    );
  }
  return (
    <Page title={t('billing.limit.title')} width="narrow" hideHeading>
      <Card padding="lg" className="billing-screen">
        <BillingHero icon={<ClockIcon />} title={t('billing.limit.title')} text={t('billing.limit.text')} />
        <h2 className="billing-section-title">{t('billing.limit.premiumTitle')}</h2>
        <PremiumBenefits />
        <div className="billing-actions">
          <PurchaseDialog
            trigger={
              <Button variant="accent" size="lg" icon={<GiftIcon />}>
                {t('billing.goPremium')}
              </Button>
            }
          />
          <ButtonLink to={paths.dashboard} variant="ghost">
            {t('billing.backToDashboard')}
          </ButtonLink>
        </div>
        <p className="billing-fineprint">{t('billing.limit.tomorrow')}</p>
        <NoRefunds />
      </Card>
    </Page>
  );
}
