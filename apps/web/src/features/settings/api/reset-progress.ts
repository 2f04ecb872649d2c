import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshLearningState } from '../../../lib/learning.ts';

/** POST /api/learning/reset (SPEC §4 'reset progress'): every course and statistic back to zero. */
export function useResetProgress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/api/learning/reset', { method: 'POST' }),
    onSuccess: () => refreshLearningState(queryClient),
  });
}
