import './billing.css';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { useBillingStatus } from '../api/billing-api.ts';
import { SandboxPurchaseForm } from './sandbox-purchase-form.tsx';

// Stripe.js is loaded only in Stripe mode, and only when the form opens.
const StripePurchaseForm = lazy(() =>
  import('./stripe-purchase-form.tsx').then((module) => ({ default: module.StripePurchaseForm })),
);

/**
 * SPEC §2 subscription purchase form (card number, expiry, CVC) in a dialog, from /limit, /offer and the
 * subscription panel. The provider's or the server's message shows inside the form; success closes it.
 */
export function PurchaseDialog({ trigger }: { trigger: ReactNode }) {
  const { t } = useTranslation();
  const errorText = useErrorMessage();
  const [open, setOpen] = useState(false);
  const status = useBillingStatus();
  const done = () => setOpen(false);
  // The form's terms decide the title once the server quoted them (issue 29): a card that had its free
  // week turns "Start your free week" into "Go Premium".
  const [freeWeekShown, setFreeWeekShown] = useState<boolean | null>(null);
  const trial = freeWeekShown ?? status.data?.trialAvailable ?? false;

  // Issue 29: a server with no payment provider sells nothing, and says so instead of offering a form.
  if (status.data && status.data.mode === null) return <SubscriptionsUnavailable />;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setFreeWeekShown(null);
      }}
      trigger={trigger}
      size="lg"
      title={trial ? t('billing.purchase.trialTitle') : t('billing.purchase.title')}
      closeLabel={t('common.close')}
    >
      {status.isError ? (
        <Alert>{errorText(status.error)}</Alert>
      ) : !status.data ? (
        <div className="purchase-wait">
          <Spinner size="lg" label={t('common.loading')} />
        </div>
      ) : status.data.mode === 'sandbox' ? (
        <SandboxPurchaseForm onDone={done} onTerms={setFreeWeekShown} />
      ) : status.data.publishableKey ? (
        <Suspense
          fallback={
            <div className="purchase-wait">
              <Spinner size="lg" label={t('common.loading')} />
            </div>
          }
        >
          <StripePurchaseForm
            publishableKey={status.data.publishableKey}
            onDone={done}
            onTerms={setFreeWeekShown}
          />
        </Suspense>
      ) : (
        <Alert>{t('errors.PAYMENT_PROVIDER_UNAVAILABLE')}</Alert>
      )}
    </Dialog>
  );
}

/** What the purchase screens show when the server takes no payments (issue 29). */
export function SubscriptionsUnavailable() {
  const { t } = useTranslation();
  return (
    <p className="billing-unavailable" role="status" data-testid="subscriptions-unavailable">
      {t('billing.unavailable')}
    </p>
  );
}
