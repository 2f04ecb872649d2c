import { dashboard, type Dashboard, type DashboardCourse } from '@parlo/contract/learning';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { learningQueryKey } from '../../../lib/learning.ts';

export type { Dashboard, DashboardCourse };

export const dashboardQueryKey = [...learningQueryKey, 'dashboard'] as const;

/**
 * GET /api/learning/dashboard: the dashboard's first screen in one request — the learner's states,
 * statistics and status with the selected program's names, so the whole catalogue is not read first.
 */
export function useDashboard() {
  return useQuery({
    queryKey: dashboardQueryKey,
    queryFn: ({ signal }) => callApi(dashboard, { signal }),
    // Coming back from a lesson must show the new states and points at once.
    refetchOnMount: 'always',
  });
}
