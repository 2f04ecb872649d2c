import { sendEmailVerification } from '@parlo/contract/accounts';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** POST /api/users/verify-email/send: the 'send again' button; the server limits how often. */
export function useSendEmailVerification() {
  return useMutation({ mutationFn: () => callApi(sendEmailVerification) });
}
