import { leaderboard } from '@parlo/contract/leaderboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { matchesEtag } from '../../lib/prebuilt-json.ts';
import { route } from '../../plugins/route.ts';
import { currentUserId } from '../../plugins/sessions.ts';
import { instanceLeaderboard } from './leaderboard.service.ts';

/**
 * A snapshot answer is personal (`me`) and fixed for its day: the browser may keep it but asks again each
 * time (ADR 023), and a repeat that still matches is a 304 without a body.
 */
const SNAPSHOT_CACHE = 'private, no-cache';

/** SPEC §7 GET leaderboard: the daily ranking, 100 entries. */
export function leaderboardRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const board = instanceLeaderboard(deps.db);
  return async (app) => {
    route(app, leaderboard, async (request, reply) => {
      const answer = await board.read(currentUserId(request), deps.now());
      if (answer.source === 'live') return answer.board;
      // Weak: the same answer may leave gzipped or not.
      reply.header('etag', `W/${answer.etag}`).header('cache-control', SNAPSHOT_CACHE);
      if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
      // The day's JSON, written by the service in the contract's shape (ADR 023).
      return reply.type('application/json; charset=utf-8').send(answer.json);
    });
  };
}
