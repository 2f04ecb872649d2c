import { logout } from '@parlo/contract/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, isApiError } from '../../../lib/api-client.ts';
import { clearLocalRecordsOnLogout } from '../../../lib/local-records.ts';
import { forgetThisDevice } from '../../../lib/push/push-device.ts';
import { setSessionUser } from '../../../lib/session.ts';
import { isContentQuery } from '../../../lib/content-query.ts';

/** SPEC §4 logout: the server revokes the token and clears the cookie; the device forgets the account. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await forgetThisDevice().catch(() => undefined);
      try {
        await callApi(logout);
      } catch (error) {
        // 401: the session had already ended, which is what logging out wants anyway.
        if (!(isApiError(error) && error.status === 401)) throw error;
      }
    },
    onSuccess: () => {
      clearLocalRecordsOnLogout();
      queryClient.removeQueries({ predicate: (query) => !isContentQuery(query.queryKey) });
      setSessionUser(queryClient, null);
    },
  });
}
