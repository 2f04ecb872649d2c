import './billing.css';
import { formatPlanPrice, planIds, plans } from '@parlo/core/billing/subscription';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { GiftIcon } from '../../../components/ui/icons.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useBillingStatus } from '../api/billing-api.ts';
import { NoRefunds } from './plan-choice.tsx';
import { BillingHero } from './billing-hero.tsx';
import { PremiumBenefits } from './premium-benefits.tsx';
import { PurchaseDialog } from './purchase-dialog.tsx';
import { paths } from '../../../config/paths.ts';

/**
 * SPEC §2 /offer: the gift of a free training week with no ads, then the SPEC §9 prices; the button opens
 * the purchase form. The week is offered only to a learner who can still have it (issue 29, the server's
 * word); one who had it is offered Premium at its price.
 */
export function OfferPage() {
  const { t, i18n } = useTranslation();
  const status = useBillingStatus();
  if (!status.data && !status.isError) {
    return (
      <Page title={t('billing.offer.title')} width="narrow" hideHeading>
        <div className="panel-wait">
          <Spinner size="lg" label={t('common.loading')} />
        </div>
      </Page>
    );
  }
  const trialAvailable = status.data?.trialAvailable === true;
  const title = trialAvailable ? t('billing.offer.title') : t('billing.offer.paidTitle');

  return (
    <Page title={title} width="narrow" hideHeading>
      <Card padding="lg" className="billing-screen" data-testid="offer">
        <BillingHero
          icon={<GiftIcon />}
          accent
          eyebrow={trialAvailable ? t('billing.offer.eyebrow') : undefined}
          title={title}
          text={trialAvailable ? t('billing.offer.text') : t('billing.welcome.text')}
        />
        <PremiumBenefits />
        <h2 className="billing-section-title">
          {trialAvailable ? t('billing.offer.afterTrial') : t('billing.offer.prices')}
        </h2>
        <ul className="price-list">
          {planIds.map((id) => (
            <li key={id} className={`price${id === '1_year' ? ' price--best' : ''}`}>
              <span className="price__period">{t(`billing.plan.${id}`)}</span>
              <span className="price__amount">{formatPlanPrice(plans[id], i18n.language)}</span>
              {id === '1_year' ? <span className="price__tag">{t('billing.offer.bestValue')}</span> : null}
            </li>
          ))}
        </ul>
        <div className="billing-actions">
          {status.data?.premium ? (
            <ButtonLink to={paths.dashboard} variant="accent" size="lg">
              {t('billing.welcome.continue')}
            </ButtonLink>
          ) : (
            <PurchaseDialog
              trigger={
                <Button variant="accent" size="lg" icon={<GiftIcon />}>
                  {trialAvailable ? t('billing.offer.accept') : t('billing.goPremium')}
                </Button>
              }
            />
          )}
          <ButtonLink to={paths.dashboard} variant="ghost">
            {t('billing.offer.later')}
          </ButtonLink>
        </div>
        {trialAvailable ? <p className="billing-fineprint">{t('billing.offer.fineprint')}</p> : <NoRefunds />}
      </Card>
    </Page>
  );
}
