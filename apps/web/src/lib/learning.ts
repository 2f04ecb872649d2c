import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callApi } from './api-client.ts';
import { sessionQueryKey } from './session.ts';

/**
 * Choosing a course is done by onboarding and by the header's pickers, so the call lives here. Anything
 * that shows learning state (the dashboard's overview) keys its queries under this prefix.
 */
export const learningQueryKey = ['learning'] as const;

/** After a change of course, program or level: the user record and the dashboard state are stale. */
export async function refreshLearningState(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
    queryClient.invalidateQueries({ queryKey: learningQueryKey }),
  ]);
}

/** POST /api/learning/course: learn this program of this course from now on. */
export function useSelectCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    // The learning contract (its lesson and exercise schemas) loads when a course is chosen: the dashboard,
    // which imports this module for its query key, does not build it before its greeting (ADR 044).
    mutationFn: async (choice: { packageId: number; programId: number }) =>
      callApi((await import('@parlo/contract/learning')).selectCourse, { body: choice }),
    onSuccess: () => refreshLearningState(queryClient),
  });
}
