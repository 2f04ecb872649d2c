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
  const trial = status.data?.trialAvailable ?? false;

  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
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
      ) : status.data.mode === 'stripe' && status.data.publishableKey ? (
        <Suspense
          fallback={
            <div className="purchase-wait">
              <Spinner size="lg" label={t('common.loading')} />
            </div>
          }
        >
          <StripePurchaseForm publishableKey={status.data.publishableKey} trial={trial} onDone={done} />
        </Suspense>
      ) : (
        <SandboxPurchaseForm trial={trial} onDone={done} />
      )}
    </Dialog>
  );
}
