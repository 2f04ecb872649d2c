import type { login } from '@parlo/contract/accounts';
import type { CallBody } from '@parlo/contract/call';
import { isInterfaceLanguage } from '@parlo/core/i18n/interface-languages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changeInterfaceLanguage } from '../../../i18n/i18n.ts';
import { callApi } from '../../../lib/api-client.ts';
import { isContentQuery } from '../../../lib/content-query.ts';
import { setSessionUser } from '../../../lib/session.ts';

export type Credentials = CallBody<typeof login>;

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    // The contract (and zod) loads with the first sign-in, not with the page: /login is in the first
    // download (ADR 028).
    mutationFn: async (credentials: Credentials) =>
      callApi((await import('@parlo/contract/accounts')).login, { body: credentials }),
    onSuccess: async ({ user }) => {
      // The account's saved interface language wins over whatever this device was showing.
      const saved = user.settings.uiLanguage;
      // If its texts cannot be fetched now, signing in still succeeds in the current language.
      if (isInterfaceLanguage(saved)) await changeInterfaceLanguage(saved).catch(() => undefined);
      // Whatever the previous visitor of this tab cached is not this learner's.
      queryClient.removeQueries({ predicate: (query) => !isContentQuery(query.queryKey) });
      setSessionUser(queryClient, user);
    },
  });
}
