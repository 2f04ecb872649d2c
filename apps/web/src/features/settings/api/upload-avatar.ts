import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionQueryKey } from '../../../lib/session.ts';

const uploadedSchema = z.object({ url: z.string() });

/** SPEC §7 POST api/upload/avatar: the server stores the picture and makes it the avatar. */
export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (picture: Blob) => {
      const form = new FormData();
      form.append('file', picture, 'avatar.jpg');
      return apiRequest('/api/upload/avatar', { method: 'POST', body: form, schema: uploadedSchema });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
