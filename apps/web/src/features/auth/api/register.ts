import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentInterfaceLanguage } from '../../../i18n/i18n.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { setSessionUser } from '../../../lib/session.ts';
import { sessionResponseSchema } from './session-response.ts';

export interface RegistrationForm {
  name: string;
  age: number;
  email: string;
  password: string;
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: RegistrationForm) =>
      apiRequest('/api/users/register', {
        method: 'POST',
        // The new account starts in the language the visitor is reading right now.
        body: { ...form, uiLanguage: currentInterfaceLanguage() },
        schema: sessionResponseSchema,
      }),
    onSuccess: ({ user }) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'catalogue' });
      setSessionUser(queryClient, user);
    },
  });
}
