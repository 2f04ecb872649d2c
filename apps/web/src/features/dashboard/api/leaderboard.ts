import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { learningQueryKey } from '../../../lib/learning.ts';

const leaderboardSchema = z.object({
  entries: z.array(
    z.object({
      userId: z.string().nullish(),
      name: z.string(),
      points: z.number(),
      order: z.number(),
    }),
  ),
  me: z.object({ order: z.number(), points: z.number() }).nullable(),
  day: z.string(),
  /** 'snapshot': the board written at midnight London time; 'live': before the first midnight. */
  source: z.enum(['snapshot', 'live']).optional(),
});

export type Leaderboard = z.infer<typeof leaderboardSchema>;

/** GET /api/leaderboard: the day's top 100 (SPEC §7, §9) and the learner's own place. */
export function useLeaderboard() {
  return useQuery({
    queryKey: [...learningQueryKey, 'leaderboard'],
    queryFn: ({ signal }) => apiRequest('/api/leaderboard', { schema: leaderboardSchema, signal }),
  });
}
