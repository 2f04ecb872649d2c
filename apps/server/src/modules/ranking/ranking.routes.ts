import { leaderboard } from '@parlo/contract/ranking';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { route } from '../../plugins/route.ts';
import { currentUserId } from '../../plugins/sessions.ts';
import { leaderboardReader } from './ranking.repository.ts';

/** SPEC §7 GET leaderboard: the daily ranking, 100 entries. */
export function rankingRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const read = leaderboardReader(deps.db);
  return async (app) => {
    route(app, leaderboard, async (request) => read(currentUserId(request), deps.now()));
  };
}
