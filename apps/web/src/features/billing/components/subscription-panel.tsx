import './billing.css';
import { formatPlanPrice, plans } from '@parlo/core/billing/subscription';
import type { SubscriptionView } from '@parlo/contract/billing';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import { CheckIcon, GiftIcon } from '../../../components/ui/icons.tsx';
import { BookIcon, CardIcon } from '../../../components/ui/more-icons.tsx';
import { CrownIcon } from '../../../components/ui/learning-icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { useBillingStatus, useCancelSubscription, useResumeSubscription } from '../api/billing-api.ts';
import { formatDay } from '../dates.ts';
import { ChangeCardDialog } from './change-card-dialog.tsx';
import { NoRefunds } from './plan-choice.tsx';
import { PurchaseDialog } from './purchase-dialog.tsx';

const benefits = ['unlimited', 'noAds', 'allCourses'] as const;

/**
 * SPEC §2 settings 'subscription': plan, status, renewal or end date, and cancel (SPEC §4: the card is not
 * charged again, premium runs to the period end). Free learners get the offer and the purchase form.
 */
export function SubscriptionPanel({ freeLessonsLeft }: { freeLessonsLeft: number | null | undefined }) {
  const { t } = useTranslation();
  const errorText = useErrorMessage();
  const status = useBillingStatus();
  if (status.isError) return <Alert>{errorText(status.error)}</Alert>;
  if (!status.data) {
    return (
      <div className="panel-wait">
        <Spinner size="lg" label={t('common.loading')} />
      </div>
    );
  }
  const { premium, subscription, trialAvailable, mode } = status.data;
  return (
    <div className="subscription" data-testid="subscription-panel">
      {mode === 'sandbox' ? (
        <p className="test-mode" data-testid="test-mode">
          <span className="test-mode__badge">{t('billing.testMode.badge')}</span>
          {t('billing.testMode.panel')}
        </p>
      ) : null}
      {premium && subscription ? (
        <PremiumCard subscription={subscription} />
      ) : (
        <>
          <div className="plan-card">
            <span className="plan-card__icon" aria-hidden="true">
              <BookIcon />
            </span>
            <div className="plan-card__text">
              <p className="plan-card__label">{t('dashboard.subscription.current')}</p>
              <p className="plan-card__name" data-testid="plan-name">
                {t('dashboard.subscription.free')}
              </p>
              <p className="plan-card__detail">
                {t('dashboard.subscription.freeText', {
                  lessons: t('common.freeLessons', { count: freeLessonsLeft ?? 0 }),
                })}
              </p>
            </div>
          </div>
          <div className="upsell">
            <h3 className="upsell__title">{t('dashboard.subscription.upsellTitle')}</h3>
            <ul className="benefits">
              {benefits.map((benefit) => (
                <li key={benefit}>
                  <CheckIcon />
                  {t(`billing.benefits.${benefit}`)}
                </li>
              ))}
            </ul>
            <PurchaseDialog
              trigger={
                <Button variant="accent" icon={<GiftIcon />}>
                  {trialAvailable ? t('dashboard.subscription.tryFree') : t('billing.goPremium')}
                </Button>
              }
            />
          </div>
        </>
      )}
      <NoRefunds />
    </div>
  );
}

function PremiumCard({ subscription }: { subscription: SubscriptionView }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorMessage();
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const [confirming, setConfirming] = useState(false);
  const date = formatDay(subscription.currentPeriodEnd, i18n.language);
  const plan = plans[subscription.planId];
  const detail =
    subscription.status === 'trialing'
      ? t('billing.panel.trialing', {
          date,
          price: formatPlanPrice(plan, i18n.language),
          period: t(`billing.plan.${plan.id}`),
        })
      : subscription.status === 'canceled'
        ? t('billing.panel.canceled', { date })
        : subscription.status === 'past_due'
          ? t('billing.panel.pastDue')
          : t('billing.panel.renews', { date });
  // Cancelling keeps premium to the period end; after a failed payment (issue 29) it ends Premium at once,
  // since the running period was never paid, and the dialog says so.
  const pastDue = subscription.status === 'past_due';
  const cancelable = subscription.status === 'trialing' || subscription.status === 'active' || pastDue;
  const resumable = subscription.status === 'canceled' && subscription.premium;

  return (
    <>
      <div className="plan-card plan-card--premium">
        <span className="plan-card__icon" aria-hidden="true">
          <CrownIcon />
        </span>
        <div className="plan-card__text">
          <p className="plan-card__label">{t('dashboard.subscription.current')}</p>
          <p className="plan-card__name" data-testid="plan-name">
            {t('dashboard.subscription.premium')} · {t(`billing.plan.${plan.id}`)}
          </p>
          <p className="plan-card__status" data-testid="subscription-status">
            {t(`billing.status.${subscription.status}`)}
          </p>
          <p className="plan-card__detail" data-testid="subscription-detail">
            {detail}
          </p>
          {subscription.daysLeft !== null ? (
            <p className="plan-card__days-left" data-testid="subscription-days-left">
              {t('billing.panel.daysLeft', { count: subscription.daysLeft })}
            </p>
          ) : null}
          {subscription.cardLast4 ? (
            <p className="plan-card__card">
              <CardIcon /> <span dir="ltr">•••• {subscription.cardLast4}</span>
            </p>
          ) : null}
        </div>
      </div>
      {cancel.isError ? <Alert>{errorText(cancel.error)}</Alert> : null}
      {resume.isError ? <Alert>{errorText(resume.error)}</Alert> : null}
      {resumable ? (
        <Button
          variant="accent"
          className="subscription__resume"
          loading={resume.isPending}
          loadingLabel={t('common.loading')}
          onClick={() => resume.mutate(subscription.id)}
        >
          {t('billing.resume')}
        </Button>
      ) : null}
      {pastDue ? <ChangeCardDialog subscriptionId={subscription.id} /> : null}
      {cancelable ? (
        <Dialog
          open={confirming}
          onOpenChange={setConfirming}
          title={t('billing.cancel.title')}
          description={pastDue ? t('billing.cancel.pastDueText') : t('billing.cancel.text', { date })}
          closeLabel={t('common.close')}
          trigger={
            <Button variant="ghost" className="subscription__cancel">
              {t('billing.cancel.open')}
            </Button>
          }
          footer={
            <>
              <DialogClose asChild>
                <Button variant="secondary">{t('billing.cancel.keep')}</Button>
              </DialogClose>
              <Button
                variant="danger"
                loading={cancel.isPending}
                loadingLabel={t('common.loading')}
                onClick={() => cancel.mutate(subscription.id, { onSettled: () => setConfirming(false) })}
              >
                {t('billing.cancel.confirm')}
              </Button>
            </>
          }
        />
      ) : null}
    </>
  );
}
