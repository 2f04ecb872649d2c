import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/users/reset: 204 means the link is on its way. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => apiRequest('/api/users/reset', { method: 'POST', body: { email } }),
  });
}

/** POST /api/users/reset/confirm with the token from the mailed link. */
export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (input: { token: string; password: string }) =>
      apiRequest('/api/users/reset/confirm', { method: 'POST', body: input }),
  });
}
