import type { PlanId } from '@parlo/core/billing/subscription';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { useChangeCard, useCreateCustomer, useRefreshSubscription } from '../api/billing-api.ts';
import { NoRefunds, PlanChoice, PurchaseButton, PurchaseSummary, usePurchaseTerms } from './plan-choice.tsx';

const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string) {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

/**
 * The purchase form with Stripe (SPEC §7): the card goes from Stripe.js to Stripe and Parlo receives a
 * payment method id; the first payment (or the card check of a free week) is confirmed here, with the
 * bank's 3-D Secure step when it asks for one.
 */
export function StripePurchaseForm(props: {
  publishableKey: string;
  onDone: () => void;
  onTerms?: (freeWeek: boolean | null) => void;
}) {
  const { i18n } = useTranslation();
  return (
    <Elements stripe={stripeFor(props.publishableKey)} options={{ locale: i18n.language as 'auto' }}>
      <StripeCardForm {...props} />
    </Elements>
  );
}

function StripeCardForm({
  onDone,
  onTerms,
}: {
  onDone: () => void;
  onTerms?: (freeWeek: boolean | null) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorMessage();
  const stripe = useStripe();
  const elements = useElements();
  const create = useCreateCustomer();
  const refresh = useRefreshSubscription();
  const [planId, setPlanId] = useState<PlanId>('1_month');
  const terms = usePurchaseTerms(planId, onTerms);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setBusy(true);
    setFailure(null);
    try {
      const created = await stripe.createPaymentMethod({ type: 'card', card });
      if (created.error) {
        setFailure(created.error.message ?? t('errors.CARD_DECLINED'));
        return;
      }
      // The card's own free week counts: changed terms are shown and wait for a second press.
      const agreed = await terms.confirm(created.paymentMethod.id);
      if (!agreed) return;
      const result = await create.mutateAsync({
        planId,
        paymentMethod: created.paymentMethod.id,
        freeWeek: agreed.freeWeek,
      });
      if (result.action) {
        const confirmed =
          result.action.kind === 'payment'
            ? await stripe.confirmCardPayment(result.action.clientSecret, {
                payment_method: created.paymentMethod.id,
              })
            : await stripe.confirmCardSetup(result.action.clientSecret, {
                payment_method: created.paymentMethod.id,
              });
        if (confirmed.error) {
          setFailure(confirmed.error.message ?? t('errors.AUTHENTICATION_FAILED'));
          return;
        }
      }
      const subscription = await refresh.mutateAsync(result.subscription.id);
      if (subscription.premium) onDone();
      else setFailure(t('errors.CARD_DECLINED'));
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="purchase-form" onSubmit={(event) => void submit(event)} noValidate>
      <PlanChoice value={planId} onChange={setPlanId} />
      <PurchaseSummary terms={terms} />
      <div className="stripe-card" dir="ltr">
        <CardElement
          options={{ hidePostalCode: true, style: { base: { fontSize: '16px' } } }}
          onChange={() => terms.forget()}
        />
      </div>
      {failure ? <Alert>{failure}</Alert> : null}
      <PurchaseButton busy={busy} trial={terms.shown?.freeWeek ?? false} disabled={!stripe || !terms.shown} />
      <NoRefunds />
    </form>
  );
}

/** Issue 29: another card for a subscription (after a failed payment), through Stripe.js. */
export function StripeChangeCardForm(props: {
  publishableKey: string;
  subscriptionId: string;
  submitLabel: string;
  onDone: () => void;
}) {
  const { i18n } = useTranslation();
  return (
    <Elements stripe={stripeFor(props.publishableKey)} options={{ locale: i18n.language as 'auto' }}>
      <StripeChangeCard {...props} />
    </Elements>
  );
}

function StripeChangeCard({
  subscriptionId,
  submitLabel,
  onDone,
}: {
  subscriptionId: string;
  submitLabel: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorMessage();
  const stripe = useStripe();
  const elements = useElements();
  const change = useChangeCard();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setBusy(true);
    setFailure(null);
    try {
      const created = await stripe.createPaymentMethod({ type: 'card', card });
      if (created.error) {
        setFailure(created.error.message ?? t('errors.CARD_DECLINED'));
        return;
      }
      await change.mutateAsync({ subscriptionId, paymentMethod: created.paymentMethod.id });
      onDone();
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="purchase-form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="stripe-card" dir="ltr">
        <CardElement options={{ hidePostalCode: true, style: { base: { fontSize: '16px' } } }} />
      </div>
      {failure ? <Alert>{failure}</Alert> : null}
      <Button type="submit" variant="accent" fullWidth loading={busy} disabled={!stripe}>
        {submitLabel}
      </Button>
    </form>
  );
}
