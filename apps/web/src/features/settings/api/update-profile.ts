import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { setSessionUser, userSchema } from '../../../lib/session.ts';

/** POST /api/users/{id}/update with a new name and age; the answer is the updated user. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, name, age }: { userId: string; name: string; age: number }) =>
      apiRequest(`/api/users/${userId}/update`, {
        method: 'POST',
        body: { name, age },
        schema: userSchema,
      }),
    onSuccess: (user) => setSessionUser(queryClient, user),
  });
}
