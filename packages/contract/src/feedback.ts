import { z } from 'zod';
import { defineCall } from './call.ts';
import { id, text } from './fields.ts';

/** Long enough for the exercise path and every problem description; anything longer is not a report. */
export const MAX_FEEDBACK_LENGTH = 4000;
/** Longer than any answer an exercise takes. */
export const MAX_REPORTED_ANSWER_LENGTH = 1000;

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
  body: z
    .object({
      text: text(MAX_FEEDBACK_LENGTH).trim().min(1),
      /** The exercise reported, so `npm run content:reports` can list its reports together. */
      exerciseId: id.optional(),
      /** "My answer should be accepted": the exact answer that was marked wrong (issue 31). */
      answer: text(MAX_REPORTED_ANSWER_LENGTH).optional(),
    })
    .meta({ id: 'FeedbackRequest' }),
  // 4,000 characters, each up to 6 bytes when escaped in JSON (\u0001).
  maxBodyBytes: 32 * 1024,
  status: 201,
  response: z.object({ id: z.number().int() }).meta({ id: 'FeedbackCreated' }),
  refusals: [400, 429],
});
