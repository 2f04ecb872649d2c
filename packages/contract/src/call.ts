import type { z } from 'zod';

/** The answers a call may refuse with, always in the one error shape (see errors.ts). */
export type Refusal = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

/**
 * One API call: what the client sends (path parameters, query, body) and what it gets back. The server
 * registers its route from this object and the web app sends its request through it, so a shape is written
 * once. Paths carry fastify's `:name` parameters.
 */
export interface ApiCall {
  method: 'GET' | 'POST' | 'PUT';
  path: `/${string}`;
  tags: readonly string[];
  summary: string;
  description?: string;
  /** 'learner' calls need a session (cookie or bearer token) and may answer 401. */
  access: 'learner' | 'anyone';
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /**
   * The largest body the call takes, in bytes, when it needs more than the server's default of a few KB
   * (issue 30: a body limit that fits each call, not 1 MiB for all).
   */
  maxBodyBytes?: number;
  /** A body that is not JSON (the avatar upload's multipart form). */
  consumes?: readonly string[];
  /** 302: a browser redirect (the social sign-in flow), never called through the API client. */
  status: 200 | 201 | 204 | 302;
  response: z.ZodType;
  /** Answers besides success and the refusals, e.g. 304 or a 503 health report. */
  otherResponses?: Readonly<Record<number, z.ZodType>>;
  refusals: readonly Refusal[];
}

export function defineCall<const Call extends ApiCall>(call: Call): Call {
  return call;
}

type Shape<S> = S extends z.ZodType ? S : never;
/** What the caller fills in: path parameters and query as the server reads them, the body as sent. */
export type CallParams<C extends ApiCall> = C['params'] extends z.ZodType ? z.output<C['params']> : undefined;
export type CallQuery<C extends ApiCall> = C['query'] extends z.ZodType ? z.input<C['query']> : undefined;
export type CallBody<C extends ApiCall> = C['body'] extends z.ZodType ? z.input<Shape<C['body']>> : undefined;
/** What the call answers on success, after parsing. */
export type CallResponse<C extends ApiCall> = z.output<C['response']>;

/**
 * The call's path with its `:name` parameters filled in and its query appended: how the web app and the API
 * tests reach a call without writing its URL again.
 */
export function callUrl(call: Pick<ApiCall, 'path'>, params?: object, query?: object): string {
  const values = (params ?? {}) as Record<string, unknown>;
  const path = call.path.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(String(values[name])),
  );
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    search.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  const queryText = search.toString();
  return queryText ? `${path}?${queryText}` : path;
}
