import type { PaymentMethodInput, PurchaseQuote } from '@parlo/contract/billing';
import { formatPlanPrice, plans, planIds, type PlanId } from '@parlo/core/billing/subscription';
import { useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useTranslation } from 'react-i18next';
import { useCardQuote, usePurchaseQuote } from '../api/billing-api.ts';
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

/**
 * Issue 29: the terms the form shows are the server's. Before the card is known they are the learner's
 * (the free week once per learner); once it is typed the card's own free week counts too, and terms that
 * changed are shown for the learner to accept with a second press before anything is charged.
 */
export function usePurchaseTerms(planId: PlanId, onTerms?: (freeWeek: boolean | null) => void) {
  const forLearner = usePurchaseQuote(planId);
  const cardQuote = useCardQuote();
  const [forCard, setForCard] = useState<PurchaseQuote | null>(null);
  const cardTerms = forCard?.planId === planId ? forCard : null;
  const shown = cardTerms ?? forLearner.data;
  const freeWeekShown = shown?.freeWeek ?? null;
  useEffect(() => onTerms?.(freeWeekShown), [onTerms, freeWeekShown]);
  return {
    shown,
    failure: forLearner.error,
    /** The card had its free week although the learner did not: the price is charged today. */
    cardHadFreeWeek: cardTerms !== null && forLearner.data?.freeWeek === true && !cardTerms.freeWeek,
    checking: cardQuote.isPending,
    /** The card's terms; null when they differ from those shown (now shown instead, to be accepted). */
    async confirm(paymentMethod: PaymentMethodInput): Promise<PurchaseQuote | null> {
      const terms = await cardQuote.mutateAsync({ planId, paymentMethod });
      const agreed = shown !== undefined && terms.freeWeek === shown.freeWeek;
      setForCard(terms);
      return agreed ? terms : null;
    },
    /** Another card: its terms are asked again. */
    forget: () => setForCard(null),
  };
}

/** What happens to the card, as the server quoted it: nothing for a week and then the plan, or the plan today. */
export function PurchaseSummary({
  terms,
}: {
  terms: Pick<ReturnType<typeof usePurchaseTerms>, 'shown' | 'cardHadFreeWeek'>;
}) {
  const { t, i18n } = useTranslation();
  const quote = terms.shown;
  if (!quote) return <p className="purchase-summary" data-testid="purchase-summary" aria-busy="true" />;
  const price = formatPlanPrice(plans[quote.planId], i18n.language);
  const period = t(`billing.plan.${quote.planId}`);
  return (
    <>
      <p className="purchase-summary" data-testid="purchase-summary">
        {quote.freeWeek
          ? t('billing.purchase.trialSummary', {
              price,
              period,
              date: formatDay(quote.firstChargeAt, i18n.language),
            })
          : t('billing.purchase.paidSummary', {
              price,
              period,
              date: formatDay(quote.renewsAt, i18n.language),
            })}
      </p>
      {terms.cardHadFreeWeek ? (
        <Alert tone="info">{t('billing.purchase.cardHadFreeWeek', { price })}</Alert>
      ) : null}
    </>
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
