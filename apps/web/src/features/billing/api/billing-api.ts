import {
  billingStatus,
  cancelSubscription,
  createCustomer,
  refreshSubscription,
  sandboxAuthenticate,
} from '@parlo/contract/billing';
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
