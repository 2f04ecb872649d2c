import { confirmEmailVerification } from '@parlo/contract/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { sessionQueryKey } from '../../../lib/session.ts';

/** POST /api/users/verify-email/confirm with the token from the mailed link. */
export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => callApi(confirmEmailVerification, { body: { token } }),
    // A signed-in learner's badge in Settings turns to 'confirmed'.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
