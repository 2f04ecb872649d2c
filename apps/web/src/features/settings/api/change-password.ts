import { changePassword } from '@parlo/contract/accounts';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** POST /api/users/change-password: the current password is checked; other devices are signed out. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: { oldPassword: string; newPassword: string }) =>
      callApi(changePassword, { body: input }),
  });
}
