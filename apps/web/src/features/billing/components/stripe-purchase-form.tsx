import type { PlanId } from '@parlo/core/billing/subscription';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { useCreateCustomer, useRefreshSubscription } from '../api/billing-api.ts';
import { NoRefunds, PlanChoice, PurchaseButton, PurchaseSummary } from './plan-choice.tsx';

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
export function StripePurchaseForm(props: { publishableKey: string; trial: boolean; onDone: () => void }) {
  const { i18n } = useTranslation();
  return (
    <Elements stripe={stripeFor(props.publishableKey)} options={{ locale: i18n.language as 'auto' }}>
      <StripeCardForm {...props} />
    </Elements>
  );
}

function StripeCardForm({ trial, onDone }: { trial: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorMessage();
  const stripe = useStripe();
  const elements = useElements();
  const create = useCreateCustomer();
  const refresh = useRefreshSubscription();
  const [planId, setPlanId] = useState<PlanId>('1_month');
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
      const result = await create.mutateAsync({ planId, paymentMethod: created.paymentMethod.id });
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
      <PurchaseSummary planId={planId} trial={trial} />
      <div className="stripe-card" dir="ltr">
        <CardElement options={{ hidePostalCode: true, style: { base: { fontSize: '16px' } } }} />
      </div>
      {failure ? <Alert>{failure}</Alert> : null}
      <PurchaseButton busy={busy} trial={trial} disabled={!stripe} />
      <NoRefunds />
    </form>
  );
}
