import { overview, type Overview } from '@parlo/contract/learning';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { learningQueryKey } from '../../../lib/learning.ts';

export type { Overview };
export type OverviewProgram = NonNullable<Overview['program']>;
export type OverviewTopic = OverviewProgram['topics'][number];

export const overviewQueryKey = [...learningQueryKey, 'overview'] as const;

/** GET /api/learning/overview: everything the dashboard shows about the learner's progress. */
export function useOverview() {
  return useQuery({
    queryKey: overviewQueryKey,
    queryFn: ({ signal }) => callApi(overview, { signal }),
    // Coming back from a lesson must show the new states and points at once.
    refetchOnMount: 'always',
  });
}
