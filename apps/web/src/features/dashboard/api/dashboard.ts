import { dashboard, type Dashboard, type DashboardCourse } from '@parlo/contract/dashboard';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { learningQueryKey } from '../../../lib/learning.ts';
import { takeEarlyDashboard } from './early-dashboard.ts';

export type { Dashboard, DashboardCourse };

// How long an answer counts as the one this visit of the dashboard just received.
const JUST_ARRIVED_MS = 2_000;

export const dashboardQueryKey = [...learningQueryKey, 'dashboard'] as const;

/**
 * GET /api/learning/dashboard: the dashboard's first screen in one request — the learner's states,
 * statistics and status with the selected program's names, so the whole catalogue is not read first.
 */
export function useDashboard() {
  return useQuery({
    queryKey: dashboardQueryKey,
    // The first fetch may take the answer the app's entry already asked for (ADR 031).
    queryFn: ({ signal }) => takeEarlyDashboard() ?? callApi(dashboard, { signal }),
    // Coming back from a lesson must show the new states and points at once. A part of the screen that
    // mounts a moment after the answer came (the header's course picker, once its code is there) uses it
    // instead of asking again; an answer marked out of date (a lesson finished) is always asked again.
    refetchOnMount: (query) =>
      query.state.isInvalidated || Date.now() - query.state.dataUpdatedAt > JUST_ARRIVED_MS
        ? 'always'
        : false,
  });
}
