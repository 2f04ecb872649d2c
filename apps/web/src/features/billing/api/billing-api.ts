import {
  billingQuote,
  billingStatus,
  cancelSubscription,
  changeCard,
  createCustomer,
  refreshSubscription,
  resumeSubscription,
  sandboxAuthenticate,
} from '@parlo/contract/billing';
import type { PlanId } from '@parlo/core/billing/subscription';
import type { CallBody } from '@parlo/contract/call';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { refreshLearningState } from '../../../lib/learning.ts';

export const billingQueryKey = ['billing'] as const;

/** GET /api/billing/subscription: the panel's and the purchase form's view of the learner's plan. */
export const billingStatusQuery = queryOptions({
  queryKey: billingQueryKey,
  queryFn: ({ signal }) => callApi(billingStatus, { signal }),
});

export function useBillingStatus() {
  return useQuery(billingStatusQuery);
}

/**
 * Premium changes the free-lesson limit and the ads everywhere: after any change the billing view, the
 * learner's overview and the session user are read again from the server (issue 11 item 7).
 */
function useRefreshPremium() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: billingQueryKey }),
      refreshLearningState(queryClient),
    ]);
}

/**
 * POST /api/billing/quote without a card (issue 29): what the learner would pay for `planId`, the free week
 * or the price today, as the server decides it. The form shows it before anything is typed.
 */
export function usePurchaseQuote(planId: PlanId) {
  return useQuery({
    queryKey: [...billingQueryKey, 'quote', planId],
    queryFn: ({ signal }) => callApi(billingQuote, { body: { planId }, signal }),
    staleTime: 60_000,
  });
}

/** The same quote for the card just typed: the card's own free week counts too. */
export function useCardQuote() {
  return useMutation({
    mutationFn: (body: CallBody<typeof billingQuote>) => callApi(billingQuote, { body }),
  });
}

export function useCreateCustomer() {
  return useMutation({
    mutationFn: (body: CallBody<typeof createCustomer>) => callApi(createCustomer, { body }),
  });
}

export function useSandboxAuthenticate() {
  return useMutation({
    mutationFn: (body: CallBody<typeof sandboxAuthenticate>) => callApi(sandboxAuthenticate, { body }),
  });
}

/** SPEC §7 POST subscription: the subscription as the provider has it, after the browser's step. */
export function useRefreshSubscription() {
  const refresh = useRefreshPremium();
  return useMutation({
    mutationFn: (subscriptionId: string) => callApi(refreshSubscription, { body: { subscriptionId } }),
    onSuccess: () => refresh(),
  });
}

export function useCancelSubscription() {
  const refresh = useRefreshPremium();
  return useMutation({
    mutationFn: (subscriptionId: string) => callApi(cancelSubscription, { body: { subscriptionId } }),
    onSuccess: () => refresh(),
  });
}

/** Issue 29: a cancellation taken back before the period ends. */
export function useResumeSubscription() {
  const refresh = useRefreshPremium();
  return useMutation({
    mutationFn: (subscriptionId: string) => callApi(resumeSubscription, { body: { subscriptionId } }),
    onSuccess: () => refresh(),
  });
}

/** Issue 29: another card, e.g. after a failed payment (the failed renewal is charged to it at once). */
export function useChangeCard() {
  const refresh = useRefreshPremium();
  return useMutation({
    mutationFn: (body: CallBody<typeof changeCard>) => callApi(changeCard, { body }),
    onSuccess: () => refresh(),
  });
}
