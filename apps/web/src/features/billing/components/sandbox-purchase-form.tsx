import { cardProblem, parseExpiry } from '@parlo/core/billing/card';
import type { PlanId } from '@parlo/core/billing/subscription';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { LockIcon } from '../../../components/ui/learning-icons.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { useCreateCustomer, useRefreshSubscription, useSandboxAuthenticate } from '../api/billing-api.ts';
import { NoRefunds, PlanChoice, PurchaseButton, PurchaseSummary, usePurchaseTerms } from './plan-choice.tsx';

type CardField = 'number' | 'expiry' | 'cvc';

const fieldOfProblem = {
  'card-number-invalid': 'number',
  'card-expiry-invalid': 'expiry',
  'card-cvc-invalid': 'cvc',
} as const;

/** Groups of four as the card reads, e.g. '4242 4242 4242 4242'. */
function spaced(digits: string): string {
  return digits
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * The purchase form in test mode (Parlo's sandbox provider): the card goes to Parlo's server, which is
 * allowed only here; with Stripe the card goes to Stripe (stripe-purchase-form.tsx).
 */
export function SandboxPurchaseForm({
  onDone,
  onTerms,
}: {
  onDone: () => void;
  /** Whether the terms shown are the free week (null while they load). */
  onTerms?: (freeWeek: boolean | null) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorMessage();
  const create = useCreateCustomer();
  const authenticate = useSandboxAuthenticate();
  const refresh = useRefreshSubscription();
  const [planId, setPlanId] = useState<PlanId>('1_month');
  const terms = usePurchaseTerms(planId, onTerms);
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<CardField, string>>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [authStep, setAuthStep] = useState<{
    clientSecret: string;
    subscriptionId: string;
    last4: string;
  } | null>(null);
  const busy = terms.checking || create.isPending || authenticate.isPending || refresh.isPending;

  const finish = async (subscriptionId: string, refused: boolean) => {
    const subscription = await refresh.mutateAsync(subscriptionId);
    if (subscription.premium) onDone();
    else setFailure(refused ? 'AUTHENTICATION_FAILED' : 'CARD_DECLINED');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const expiry = parseExpiry(card.expiry) ?? { expMonth: 0, expYear: 0 };
    const problem = cardProblem({ number: card.number, cvc: card.cvc, ...expiry }, Date.now());
    if (!card.number || !card.expiry || !card.cvc || problem) {
      setFieldErrors({
        number: card.number ? undefined : t('errors.card-required'),
        expiry: card.expiry ? undefined : t('errors.card-required'),
        cvc: card.cvc ? undefined : t('errors.card-required'),
        ...(problem && card.number && card.expiry && card.cvc
          ? { [fieldOfProblem[problem]]: errorText(problem) }
          : {}),
      });
      return;
    }
    setFieldErrors({});
    try {
      const paymentMethod = { number: card.number, cvc: card.cvc, ...expiry };
      // Nothing is charged on terms the learner has not seen: changed terms are shown, and wait.
      const agreed = await terms.confirm(paymentMethod);
      if (!agreed) return;
      const result = await create.mutateAsync({ planId, paymentMethod, freeWeek: agreed.freeWeek });
      if (result.action) {
        setAuthStep({
          clientSecret: result.action.clientSecret,
          subscriptionId: result.subscription.id,
          last4: result.subscription.cardLast4 ?? '',
        });
        return;
      }
      await finish(result.subscription.id, false);
    } catch (error) {
      setFailure(error);
    }
  };

  const answer = async (approve: boolean) => {
    if (!authStep) return;
    setFailure(null);
    try {
      await authenticate.mutateAsync({ clientSecret: authStep.clientSecret, approve });
      setAuthStep(null);
      await finish(authStep.subscriptionId, !approve);
    } catch (error) {
      setAuthStep(null);
      setFailure(error);
    }
  };

  const testMode = <TestMode />;

  if (authStep) {
    return (
      <div className="auth-step" data-testid="authentication-step">
        {testMode}
        <span className="auth-step__icon" aria-hidden="true">
          <LockIcon />
        </span>
        <h3 className="auth-step__title">{t('billing.authentication.title')}</h3>
        <p className="auth-step__text">{t('billing.authentication.text', { last4: authStep.last4 })}</p>
        <div className="auth-step__actions">
          <Button variant="accent" loading={busy} onClick={() => void answer(true)}>
            {t('billing.authentication.approve')}
          </Button>
          <Button variant="ghost" disabled={busy} onClick={() => void answer(false)}>
            {t('billing.authentication.refuse')}
          </Button>
        </div>
      </div>
    );
  }

  const setField = (field: CardField, value: string) => {
    setCard((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
    terms.forget();
  };

  return (
    <form className="purchase-form" onSubmit={(event) => void submit(event)} noValidate>
      {testMode}
      <PlanChoice value={planId} onChange={setPlanId} />
      <PurchaseSummary terms={terms} />
      <CardFields card={card} errors={fieldErrors} onChange={setField} />
      {failure ? <Alert>{errorText(failure)}</Alert> : null}
      <PurchaseButton busy={busy} trial={terms.shown?.freeWeek ?? false} disabled={!terms.shown} />
      <NoRefunds />
    </form>
  );
}

/** Sandbox only (issue 29): the test card is shown where the sandbox takes the money, nowhere else. */
export function TestMode() {
  const { t } = useTranslation();
  return (
    <p className="test-mode" data-testid="test-mode">
      <span className="test-mode__badge">{t('billing.testMode.badge')}</span>
      {t('billing.testMode.text')}
    </p>
  );
}

/** The card number, expiry and CVC of SPEC §5, typed into Parlo's own form (sandbox only). */
export function CardFields({
  card,
  errors: fieldErrors,
  onChange: setField,
}: {
  card: { number: string; expiry: string; cvc: string };
  errors: Partial<Record<CardField, string>>;
  onChange: (field: CardField, value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="card-fields">
      <Field label={t('billing.purchase.cardNumber')} error={fieldErrors.number}>
        <Input
          name="cardnumber"
          inputMode="numeric"
          autoComplete="cc-number"
          dir="ltr"
          placeholder="1234 1234 1234 1234"
          value={card.number}
          onChange={(event) => setField('number', spaced(event.target.value))}
        />
      </Field>
      <div className="card-fields__row">
        <Field label={t('billing.purchase.expiry')} error={fieldErrors.expiry}>
          <Input
            name="exp-date"
            inputMode="numeric"
            autoComplete="cc-exp"
            dir="ltr"
            placeholder={t('billing.purchase.expiryPlaceholder')}
            value={card.expiry}
            maxLength={7}
            onChange={(event) => setField('expiry', event.target.value)}
          />
        </Field>
        <Field label={t('billing.purchase.cvc')} error={fieldErrors.cvc}>
          <Input
            name="cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            dir="ltr"
            placeholder="123"
            value={card.cvc}
            maxLength={4}
            onChange={(event) => setField('cvc', event.target.value.replace(/\D/g, ''))}
          />
        </Field>
      </div>
    </div>
  );
}
