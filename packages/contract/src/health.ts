import { z } from 'zod';
import { defineCall } from './call.ts';
import { errorResponseSchema } from './errors.ts';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  /** Present while the server sheds load (its event loop is late; other calls answer 503 OVERLOADED). */
  load: z.literal('overloaded').optional(),
});

/** For load balancers and monitors: 200 only when the database answers and the server is not overloaded. */
export const health = defineCall({
  method: 'GET',
  path: '/api/health',
  tags: ['operations'],
  summary: 'Liveness and database check',
  access: 'anyone',
  status: 200,
  response: healthSchema,
  // A 503 may also come from a hook that needed the database first (the session lookup), in the one
  // error shape (DATABASE_UNAVAILABLE).
  otherResponses: { 503: z.union([healthSchema, errorResponseSchema]) },
  refusals: [],
});
