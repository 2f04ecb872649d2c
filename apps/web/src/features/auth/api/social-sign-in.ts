import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { currentInterfaceLanguage } from '../../../i18n/i18n.ts';
import { callApi } from '../../../lib/api-client.ts';
import { isContentQuery } from '../../../lib/content-query.ts';
import { setSessionUser } from '../../../lib/session.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';

// Imported when a call is sent: /login is in the first download, its contract and zod are not (ADR 028).
const socialContract = () => import('@parlo/contract/social');

/** The providers this server is set up for; a provider without keys shows no button. */
export function useSocialProviders() {
  return useQuery({
    queryKey: ['social-providers'],
    queryFn: async () => callApi((await socialContract()).socialProviders, {}),
    staleTime: Infinity,
  });
}

export function usePendingSocialSignUp() {
  return useQuery({
    queryKey: ['social-sign-up'],
    queryFn: async () => callApi((await socialContract()).pendingSocialSignUp, {}),
    retry: false,
  });
}

export function useCompleteSocialSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (details: { age: number; email?: string }) =>
      // The new account starts in the language the visitor is reading right now, and on their clock.
      callApi((await socialContract()).completeSocialSignUp, {
        body: {
          ...details,
          uiLanguage: currentInterfaceLanguage(),
          timeZone: browserTimeZone() ?? undefined,
        },
      }),
    onSuccess: ({ user }) => {
      // The page asking for the pending sign-up is still mounted until the new learner is sent on: its
      // query, removed, would be asked again and answered 404 (the sign-up is used up, issue 29).
      queryClient.removeQueries({
        predicate: (query) => !isContentQuery(query.queryKey) && query.queryKey[0] !== 'social-sign-up',
      });
      setSessionUser(queryClient, user);
    },
  });
}
