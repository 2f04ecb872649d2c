import { z } from 'zod';
import { defineCall } from './call.ts';

export const leaderboardSchema = z
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
export type Leaderboard = z.output<typeof leaderboardSchema>;

/** SPEC §7 GET leaderboard: the daily ranking, 100 entries. */
export const leaderboard = defineCall({
  method: 'GET',
  path: '/api/leaderboard',
  tags: ['leaderboard'],
  summary: 'The top 100 of the daily ranking and the learner’s own place',
  description:
    'Serves the newest daily snapshot (leaderboard_entries, written at 00:00 Europe/London, and at the ' +
    'first start on a day without one). Where scheduled jobs never ran it falls back to a live ranking ' +
    'by statistics.points: learners with points, ties going to whoever reached them first. `me` is null ' +
    'when the learner is not ranked. A snapshot answer carries an ETag and answers 304 when ' +
    'If-None-Match carries it.',
  access: 'learner',
  status: 200,
  response: leaderboardSchema,
  otherResponses: { 304: z.undefined().describe('Not modified') },
  refusals: [],
});
