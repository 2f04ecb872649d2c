import { completeSocialSignUp, pendingSocialSignUp, socialProviders } from '@parlo/contract/social';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { currentInterfaceLanguage } from '../../../i18n/i18n.ts';
import { callApi } from '../../../lib/api-client.ts';
import { setSessionUser } from '../../../lib/session.ts';

/** The providers this server is set up for; a provider without keys shows no button. */
export function useSocialProviders() {
  return useQuery({
    queryKey: ['social-providers'],
    queryFn: () => callApi(socialProviders, {}),
    staleTime: Infinity,
  });
}

export function usePendingSocialSignUp() {
  return useQuery({
    queryKey: ['social-sign-up'],
    queryFn: () => callApi(pendingSocialSignUp, {}),
    retry: false,
  });
}

export function useCompleteSocialSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (details: { age: number; email?: string }) =>
      // The new account starts in the language the visitor is reading right now.
      callApi(completeSocialSignUp, { body: { ...details, uiLanguage: currentInterfaceLanguage() } }),
    onSuccess: ({ user }) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'catalogue' });
      setSessionUser(queryClient, user);
    },
  });
}
