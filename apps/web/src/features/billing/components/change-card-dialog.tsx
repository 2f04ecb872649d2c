import { cardProblem, parseExpiry } from '@parlo/core/billing/card';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { CardIcon } from '../../../components/ui/more-icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { useBillingStatus, useChangeCard } from '../api/billing-api.ts';
import { CardFields, TestMode } from './sandbox-purchase-form.tsx';

const StripeChangeCardForm = lazy(() =>
  import('./stripe-purchase-form.tsx').then((module) => ({ default: module.StripeChangeCardForm })),
);

/**
 * Issue 29: after a failed payment the learner pays with another card. The failed renewal is charged to
 * it at once; a refused card leaves everything as it was and says so inside the dialog.
 */
export function ChangeCardDialog({ subscriptionId }: { subscriptionId: string }) {
  const { t } = useTranslation();
  const status = useBillingStatus();
  const [open, setOpen] = useState(false);
  const done = () => setOpen(false);
  const mode = status.data?.mode;
  const publishableKey = status.data?.publishableKey;
  if (!mode) return null;
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t('billing.changeCard.title')}
      description={t('billing.changeCard.text')}
      closeLabel={t('common.close')}
      trigger={
        <Button variant="accent" icon={<CardIcon />}>
          {t('billing.changeCard.open')}
        </Button>
      }
    >
      {mode === 'sandbox' ? (
        <SandboxChangeCard subscriptionId={subscriptionId} onDone={done} />
      ) : publishableKey ? (
        <Suspense
          fallback={
            <div className="purchase-wait">
              <Spinner size="lg" label={t('common.loading')} />
            </div>
          }
        >
          <StripeChangeCardForm
            publishableKey={publishableKey}
            subscriptionId={subscriptionId}
            submitLabel={t('billing.changeCard.submit')}
            onDone={done}
          />
        </Suspense>
      ) : (
        <Alert>{t('errors.PAYMENT_PROVIDER_UNAVAILABLE')}</Alert>
      )}
    </Dialog>
  );
}

type CardField = 'number' | 'expiry' | 'cvc';

function SandboxChangeCard({ subscriptionId, onDone }: { subscriptionId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorMessage();
  const change = useChangeCard();
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<CardField, string>>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const expiry = parseExpiry(card.expiry) ?? { expMonth: 0, expYear: 0 };
    const problem = cardProblem({ number: card.number, cvc: card.cvc, ...expiry }, Date.now());
    if (problem) {
      const field: CardField =
        problem === 'card-number-invalid' ? 'number' : problem === 'card-expiry-invalid' ? 'expiry' : 'cvc';
      setFieldErrors({ [field]: errorText(problem) });
      return;
    }
    try {
      await change.mutateAsync({
        subscriptionId,
        paymentMethod: { number: card.number, cvc: card.cvc, ...expiry },
      });
      onDone();
    } catch {
      // Shown below from the mutation's error.
    }
  };

  return (
    <form className="purchase-form" onSubmit={(event) => void submit(event)} noValidate>
      <TestMode />
      <CardFields
        card={card}
        errors={fieldErrors}
        onChange={(field, value) => {
          setCard((current) => ({ ...current, [field]: value }));
          setFieldErrors((current) => ({ ...current, [field]: undefined }));
        }}
      />
      {change.isError ? <Alert>{errorText(change.error)}</Alert> : null}
      <Button type="submit" variant="accent" fullWidth loading={change.isPending}>
        {t('billing.changeCard.submit')}
      </Button>
    </form>
  );
}
