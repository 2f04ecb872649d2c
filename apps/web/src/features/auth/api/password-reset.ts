import { confirmPasswordReset, requestPasswordReset } from '@parlo/contract/accounts';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** POST /api/users/reset: 204 means the link is on its way. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => callApi(requestPasswordReset, { body: { email } }),
  });
}

/** POST /api/users/reset/confirm with the token from the mailed link. */
export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (input: { token: string; password: string }) =>
      callApi(confirmPasswordReset, { body: input }),
  });
}
