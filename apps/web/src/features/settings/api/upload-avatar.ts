import { uploadAvatar } from '@parlo/contract/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { sessionQueryKey } from '../../../lib/session.ts';

/** SPEC §7 POST api/upload/avatar: the server stores the picture and makes it the avatar. */
export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (picture: Blob) => {
      const form = new FormData();
      form.append('file', picture, 'avatar.jpg');
      return callApi(uploadAvatar, { body: form });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
