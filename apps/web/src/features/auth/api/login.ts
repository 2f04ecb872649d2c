import { isInterfaceLanguage } from '@parlo/core/i18n/interface-languages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changeInterfaceLanguage } from '../../../i18n/i18n.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { setSessionUser } from '../../../lib/session.ts';
import { sessionResponseSchema } from './session-response.ts';

export interface Credentials {
  email: string;
  password: string;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: Credentials) =>
      apiRequest('/api/users/login', { method: 'POST', body: credentials, schema: sessionResponseSchema }),
    onSuccess: async ({ user }) => {
      // The account's saved interface language wins over whatever this device was showing.
      const saved = user.settings.uiLanguage;
      // If its texts cannot be fetched now, signing in still succeeds in the current language.
      if (isInterfaceLanguage(saved)) await changeInterfaceLanguage(saved).catch(() => undefined);
      // Whatever the previous visitor of this tab cached is not this learner's.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'catalogue' });
      setSessionUser(queryClient, user);
    },
  });
}
