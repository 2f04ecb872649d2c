import { dashboardRoute } from '@parlo/contract/routes';
import { queryOptions } from '@tanstack/react-query';
import { callLazily } from '../../../lib/api-client.ts';
import { learningQueryKey } from '../../../lib/learning.ts';

export const dashboardQueryKey = [...learningQueryKey, 'dashboard'] as const;

/**
 * GET /api/learning/dashboard: the dashboard's first screen in one request — the learner's states,
 * statistics and status with the selected program's names, so the whole catalogue is not read first.
 * The route's loader fills it beside the page's code (app/router.tsx), and its contract (and zod)
 * download while the request is on its way, not before (ADR 050).
 */
export const dashboardQueryOptions = queryOptions({
  queryKey: dashboardQueryKey,
  queryFn: ({ signal }) =>
    callLazily(dashboardRoute, async () => (await import('@parlo/contract/dashboard')).dashboard, { signal }),
});
