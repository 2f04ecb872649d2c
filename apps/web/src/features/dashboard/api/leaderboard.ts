import { leaderboard } from '@parlo/contract/leaderboard';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { learningQueryKey } from '../../../lib/learning.ts';

export type { Leaderboard } from '@parlo/contract/leaderboard';

/** GET /api/leaderboard: the day's top 100 (SPEC §7, §9) and the learner's own place. */
export function useLeaderboard() {
  return useQuery({
    queryKey: [...learningQueryKey, 'leaderboard'],
    queryFn: ({ signal }) => callApi(leaderboard, { signal }),
  });
}
