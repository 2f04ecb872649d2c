import type { ApiCall } from '@parlo/contract/call';
import { errorResponseSchema } from '@parlo/contract/errors';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { z } from 'zod';
import { DEFAULT_BODY_LIMIT } from './json-body.ts';
import { PUBLIC_ANSWER } from './public-answer.ts';
import { requireAuth } from './sessions.ts';

type Parsed<Schema> = Schema extends z.ZodType ? z.output<Schema> : undefined;

/** The request a call's handler sees: parameters, query and body already parsed by the call's schemas. */
export type CallRequest<Call extends ApiCall> = FastifyRequest<{
  Params: Parsed<Call['params']>;
  Querystring: Parsed<Call['query']>;
  Body: Parsed<Call['body']>;
}>;

export type CallHandler<Call extends ApiCall> = (
  request: CallRequest<Call>,
  reply: FastifyReply,
) => Promise<z.input<Call['response']> | FastifyReply>;

/** The ways a learner's session travels (plugins/sessions.ts), as named in the OpenAPI document. */
const learnerSecurity: Record<string, string[]>[] = [
  { cookie: [] },
  { bearer: [] },
  { accessTokenHeader: [] },
];

/**
 * Registers the route of one contract call (packages/contract): the call's schemas validate the request,
 * serialise the answer and feed OpenAPI; 'learner' calls require a session. The call's path is absolute,
 * so the plugin's prefix (`/api`) is taken off it.
 */
export function route<Call extends ApiCall>(
  app: FastifyInstance,
  call: Call,
  handler: CallHandler<Call>,
  options: Pick<RouteShorthandOptions, 'config' | 'preHandler'> & {
    /** The same answer for everyone, personal to no one: see PUBLIC_ANSWER. Only for calls anyone may make. */
    publicAnswer?: boolean;
  } = {},
): void {
  const { publicAnswer = false, ...routeOptions } = options;
  if (publicAnswer && (call.access !== 'anyone' || call.method !== 'GET')) {
    throw new Error(
      `${call.method} ${call.path} reads or changes a learner's data: it cannot be a public answer`,
    );
  }
  if (!call.path.startsWith(`${app.prefix}/`)) {
    throw new Error(`${call.path} cannot be registered under the prefix ${app.prefix}`);
  }
  const takesInput = Boolean(call.params ?? call.query ?? call.body ?? call.consumes);
  const changesState = call.method !== 'GET';
  const refusals = new Set<number>([
    ...call.refusals,
    ...(takesInput ? [400] : []),
    // BODY_TOO_LARGE: each call takes the body size it needs (issue 30).
    ...(call.body ? [413] : []),
    ...(call.access === 'learner' ? [401] : []),
    // plugins/cross-site.ts: a cookie-carrying request from another website, a body that is not JSON.
    ...(changesState ? [403, 415] : []),
    // DATABASE_UNAVAILABLE: any call may meet a database that is briefly away.
    503,
  ]);
  app.route({
    method: call.method,
    url: call.path.slice(app.prefix.length),
    // Refused before the body is read, but after every onRequest hook: the rate limit (added to each route's
    // onRequest by @fastify/rate-limit, after the route's own) counts refused 401s too (issue 30).
    ...(call.access === 'learner' ? { preParsing: requireAuth } : {}),
    ...(call.body ? { bodyLimit: call.maxBodyBytes ?? DEFAULT_BODY_LIMIT } : {}),
    ...routeOptions,
    ...(publicAnswer
      ? { config: { ...routeOptions.config, [PUBLIC_ANSWER]: true }, compress: false, decompress: false }
      : {}),
    schema: {
      tags: [...call.tags],
      summary: call.summary,
      ...(call.description ? { description: call.description } : {}),
      ...(call.access === 'learner' ? { security: learnerSecurity } : {}),
      ...(call.params ? { params: call.params } : {}),
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.body ? { body: call.body } : {}),
      ...(call.consumes ? { consumes: [...call.consumes] } : {}),
      response: {
        [call.status]: call.response,
        ...Object.fromEntries([...refusals].map((status) => [status, errorResponseSchema])),
        ...call.otherResponses,
      },
    },
    handler: handler as unknown as RouteHandlerMethod,
  });
}
