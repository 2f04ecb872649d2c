import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/users/change-password: the current password is checked; other devices are signed out. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: { oldPassword: string; newPassword: string }) =>
      apiRequest('/api/users/change-password', { method: 'POST', body: input }),
  });
}
