import type { CallBody } from '@parlo/contract/call';
import { chooseLevel } from '@parlo/contract/learning';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, isApiError } from '../../../lib/api-client.ts';
import { refreshLearningState } from '../../../lib/learning.ts';

export type SkillLevel = CallBody<typeof chooseLevel>['level'];

/**
 * POST /api/learning/level. A program that was started before keeps its progress: the server answers
 * 409 LEVEL_ALREADY_CHOSEN, which for the learner simply means "carry on".
 */
export function useChooseLevel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (choice: CallBody<typeof chooseLevel>) => {
      try {
        await callApi(chooseLevel, { body: choice });
        return { alreadyStarted: false };
      } catch (error) {
        if (isApiError(error) && error.code === 'LEVEL_ALREADY_CHOSEN') return { alreadyStarted: true };
        throw error;
      }
    },
    onSuccess: () => refreshLearningState(queryClient),
  });
}
