import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { selectCourse } from '@parlo/contract/learning';
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
    mutationFn: (choice: { packageId: number; programId: number }) => callApi(selectCourse, { body: choice }),
    onSuccess: () => refreshLearningState(queryClient),
  });
}
