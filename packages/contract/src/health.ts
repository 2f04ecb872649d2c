import { z } from 'zod';
import { defineCall } from './call.ts';

const healthSchema = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['up', 'down']) });

/** For load balancers and monitors: 200 only when the database answers. */
export const health = defineCall({
  method: 'GET',
  path: '/api/health',
  tags: ['operations'],
  summary: 'Liveness and database check',
  access: 'anyone',
  status: 200,
  response: healthSchema,
  otherResponses: { 503: healthSchema },
  refusals: [],
});
