import './billing.css';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ClockIcon, GiftIcon } from '../../../components/ui/icons.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { PremiumBenefits } from './premium-benefits.tsx';

/** SPEC §2 /limit (§8 message): the day's free lessons are used up; Premium has no limit. */
export function LimitPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('billing.limit.title')} width="narrow" hideHeading>
      <Card padding="lg" className="billing-screen">
        <div className="billing-hero">
          <span className="billing-hero__icon" aria-hidden="true">
            <ClockIcon />
          </span>
          <h1 className="billing-hero__title">{t('billing.limit.title')}</h1>
          <p className="billing-hero__text">{t('billing.limit.text')}</p>
        </div>
        <h2 className="billing-section-title">{t('billing.limit.premiumTitle')}</h2>
        <PremiumBenefits />
        <div className="billing-actions">
          <ButtonLink to="/offer" variant="accent" size="lg" icon={<GiftIcon />}>
            {t('billing.goPremium')}
          </ButtonLink>
          <ButtonLink to="/dashboard" variant="ghost">
            {t('billing.backToDashboard')}
          </ButtonLink>
        </div>
        <p className="billing-fineprint">{t('billing.limit.tomorrow')}</p>
      </Card>
    </Page>
  );
}
