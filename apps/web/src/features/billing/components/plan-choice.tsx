import { formatPlanPrice, plans, planIds, TRIAL_DAYS, type PlanId } from '@parlo/core/billing/subscription';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../dates.ts';

/** The three plans of SPEC §9 as radio cards, priced in the learner's language. */
export function PlanChoice({ value, onChange }: { value: PlanId; onChange: (plan: PlanId) => void }) {
  const { t, i18n } = useTranslation();
  return (
    <fieldset className="plan-choice">
      <legend className="plan-choice__legend">{t('billing.purchase.choosePlan')}</legend>
      {planIds.map((id) => (
        <label key={id} className={`plan-option${value === id ? ' plan-option--chosen' : ''}`}>
          <input type="radio" name="plan" value={id} checked={value === id} onChange={() => onChange(id)} />
          <span className="plan-option__period">{t(`billing.plan.${id}`)}</span>
          <span className="plan-option__price">{formatPlanPrice(plans[id], i18n.language)}</span>
          {id === '1_year' ? <span className="plan-option__tag">{t('billing.offer.bestValue')}</span> : null}
        </label>
      ))}
    </fieldset>
  );
}

/** What happens to the card: nothing for a week and then the plan, or the plan today. */
export function PurchaseSummary({ planId, trial }: { planId: PlanId; trial: boolean }) {
  const { t, i18n } = useTranslation();
  const price = formatPlanPrice(plans[planId], i18n.language);
  const period = t(`billing.plan.${planId}`);
  // The free week starts when the form is sent; the day it ends is the same for the minutes the form is open.
  const [openedAt] = useState(() => Date.now());
  const trialEnds = formatDay(Math.floor(openedAt / 1000) + TRIAL_DAYS * 86_400, i18n.language);
  return (
    <p className="purchase-summary" data-testid="purchase-summary">
      {trial
        ? t('billing.purchase.trialSummary', { price, period, date: trialEnds })
        : t('billing.purchase.paidSummary', { price, period })}
    </p>
  );
}

/** SPEC §2: "all sales are final, no refunds" wherever a learner pays. */
export function NoRefunds() {
  const { t } = useTranslation();
  return <p className="billing-fineprint">{t('billing.noRefunds')}</p>;
}

/** The form's button: the free week or the payment, with a loader while the provider answers. */
export function PurchaseButton({
  busy,
  trial,
  disabled,
}: {
  busy: boolean;
  trial: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Button
      type="submit"
      variant="accent"
      size="lg"
      fullWidth
      loading={busy}
      disabled={disabled}
      loadingLabel={t('common.loading')}
    >
      {trial ? t('billing.purchase.startTrial') : t('billing.purchase.pay')}
    </Button>
  );
}
