import { register } from '@parlo/contract/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentInterfaceLanguage } from '../../../i18n/i18n.ts';
import { callApi } from '../../../lib/api-client.ts';
import { isContentQuery } from '../../../lib/content-query.ts';
import { setSessionUser } from '../../../lib/session.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';

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
      // The new account starts in the language the visitor is reading right now, and on their clock.
      callApi(register, {
        body: { ...form, uiLanguage: currentInterfaceLanguage(), timeZone: browserTimeZone() ?? undefined },
      }),
    onSuccess: ({ user }) => {
      queryClient.removeQueries({ predicate: (query) => !isContentQuery(query.queryKey) });
      setSessionUser(queryClient, user);
    },
  });
}
