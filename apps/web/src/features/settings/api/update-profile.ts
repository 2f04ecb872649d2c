import { updateUser } from '@parlo/contract/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { setSessionUser } from '../../../lib/session.ts';

/** POST /api/users/{id}/update with a new name and age; the answer is the updated user. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, name, age }: { userId: string; name: string; age: number }) =>
      callApi(updateUser, { params: { id: userId }, body: { name, age } }),
    onSuccess: (user) => setSessionUser(queryClient, user),
  });
}
