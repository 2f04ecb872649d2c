import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { errorResponseSchema } from '../../plugins/errors.ts';
import { currentUserId, requireAuth } from '../../plugins/sessions.ts';
import { loadLeaderboard } from './ranking.repository.ts';

const leaderboardSchema = z
  .object({
    // Names only: e-mail addresses never leave the server.
    entries: z.array(
      z.object({
        userId: z.string(),
        name: z.string(),
        points: z.number().int(),
        order: z.number().int(),
      }),
    ),
    me: z.object({ order: z.number().int(), points: z.number().int() }).nullable(),
    /** The London calendar day the ranking belongs to, YYYY-MM-DD. */
    day: z.string(),
    /** 'snapshot': the nightly ranking; 'live': computed now because no snapshot exists yet. */
    source: z.enum(['snapshot', 'live']),
  })
  .meta({ id: 'Leaderboard' });

/** SPEC §7 GET leaderboard: the daily ranking, 100 entries. */
export function rankingRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/leaderboard',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['ranking'],
          summary: 'The top 100 of the daily ranking and the learner’s own place',
          description:
            'Serves the newest daily snapshot (leaderboard_entries, written at 00:00 Europe/London). Until a ' +
            'snapshot exists it falls back to a live ranking by statistics.points: learners with points, ' +
            'ties going to whoever reached them first. `me` is null when the learner is not ranked.',
          response: { 200: leaderboardSchema, 401: errorResponseSchema },
        },
      },
      async (request) => loadLeaderboard(deps.db, currentUserId(request), deps.now()),
    );
  };
}
