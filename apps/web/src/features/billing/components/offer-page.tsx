import './billing.css';
import { plans, type PlanId } from '@parlo/core/billing/subscription';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import { GiftIcon } from '../../../components/ui/icons.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { PremiumBenefits } from './premium-benefits.tsx';

const planOrder: PlanId[] = ['1_month', '3_month', '1_year'];

/**
 * SPEC §2 /offer: the gift of a free training week with no ads, then the SPEC §9 prices. Buying is the
 * billing issue's job; until then the button says so instead of pretending.
 */
export function OfferPage() {
  const { t, i18n } = useTranslation();
  const [soonOpen, setSoonOpen] = useState(false);
  const money = (cents: number) =>
    new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'EUR' }).format(cents / 100);

  return (
    <Page title={t('billing.offer.title')} width="narrow" hideHeading>
      <Card padding="lg" className="billing-screen">
        <div className="billing-hero">
          <span className="billing-hero__icon billing-hero__icon--accent" aria-hidden="true">
            <GiftIcon />
          </span>
          <p className="billing-hero__eyebrow">{t('billing.offer.eyebrow')}</p>
          <h1 className="billing-hero__title">{t('billing.offer.title')}</h1>
          <p className="billing-hero__text">{t('billing.offer.text')}</p>
        </div>
        <PremiumBenefits />
        <h2 className="billing-section-title">{t('billing.offer.afterTrial')}</h2>
        <ul className="price-list">
          {planOrder.map((id) => (
            <li key={id} className={`price${id === '1_year' ? ' price--best' : ''}`}>
              <span className="price__period">{t(`billing.plan.${id}`)}</span>
              <span className="price__amount">{money(plans[id].priceCents)}</span>
              {id === '1_year' ? <span className="price__tag">{t('billing.offer.bestValue')}</span> : null}
            </li>
          ))}
        </ul>
        <div className="billing-actions">
          <Dialog
            open={soonOpen}
            onOpenChange={setSoonOpen}
            title={t('billing.offer.soonTitle')}
            description={t('billing.offer.soonText')}
            closeLabel={t('common.close')}
            trigger={
              <Button variant="accent" size="lg" icon={<GiftIcon />}>
                {t('billing.offer.accept')}
              </Button>
            }
            footer={
              <DialogClose asChild>
                <Button>{t('common.close')}</Button>
              </DialogClose>
            }
          />
          <ButtonLink to="/dashboard" variant="ghost">
            {t('billing.offer.later')}
          </ButtonLink>
        </div>
        <p className="billing-fineprint">{t('billing.offer.fineprint')}</p>
      </Card>
    </Page>
  );
}
