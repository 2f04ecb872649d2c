import { z } from 'zod';
import { defineCall } from './call.ts';
import { text } from './fields.ts';

/** Long enough for the exercise path and every problem description; anything longer is not a report. */
export const MAX_FEEDBACK_LENGTH = 4000;

/**
 * SPEC §7 POST feedback {text}: an error report from the lesson player. Guests may report too (the
 * single-exercise preview has no session); the global rate limit keeps floods out.
 */
export const sendFeedback = defineCall({
  method: 'POST',
  path: '/api/feedback',
  tags: ['feedback'],
  summary: 'Report a problem with an exercise (the text names the exercise and the problems)',
  access: 'anyone',
  body: z.object({ text: text(MAX_FEEDBACK_LENGTH).trim().min(1) }).meta({ id: 'FeedbackRequest' }),
  status: 201,
  response: z.object({ id: z.number().int() }).meta({ id: 'FeedbackCreated' }),
  refusals: [400, 429],
});
