import type { Dashboard, DashboardCourse } from '@parlo/contract/dashboard';
import { useQuery } from '@tanstack/react-query';
import { dashboardQueryKey, dashboardQueryOptions } from './dashboard-query.ts';

export type { Dashboard, DashboardCourse };

// How long an answer counts as the one this visit of the dashboard just received.
const JUST_ARRIVED_MS = 2_000;

export { dashboardQueryKey, dashboardQueryOptions };

/** The dashboard's answer; see dashboard-query.ts. */
export function useDashboard() {
  return useQuery({
    ...dashboardQueryOptions,
    // Coming back from a lesson must show the new states and points at once. A part of the screen that
    // mounts a moment after the answer came (the header's course picker, once its code is there) uses it
    // instead of asking again; an answer marked out of date (a lesson finished) is always asked again.
    refetchOnMount: (query) =>
      query.state.isInvalidated || Date.now() - query.state.dataUpdatedAt > JUST_ARRIVED_MS
        ? 'always'
        : false,
  });
}
