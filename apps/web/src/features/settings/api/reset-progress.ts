import { resetProgress } from '@parlo/contract/learning';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { refreshLearningState } from '../../../lib/learning.ts';

/** POST /api/learning/reset (SPEC §4 'reset progress'): every course and statistic back to zero. */
export function useResetProgress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(resetProgress),
    onSuccess: () => refreshLearningState(queryClient),
  });
}
