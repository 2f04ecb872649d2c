import {
  callUrl,
  type ApiCall,
  type CallBody,
  type CallParams,
  type CallQuery,
  type CallResponse,
} from '@parlo/contract/call';
import type { CallRoute } from '@parlo/contract/routes';
import type { ZodType } from 'zod';

/** Every failure a request can end in, in the API's own `{ error: { code, message } }` terms. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** The answer's `Retry-After` in seconds (a sign-in lock lasts up to 15 minutes), when it sent one. */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, code: string, message: string, retryAfterSeconds?: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** No answer at all (network down, server stopped, request timed out): SPEC §8 'Server not responding'. */
export const SERVER_NOT_RESPONDING = 'SERVER_NOT_RESPONDING';
/** An answer we cannot read (not JSON, wrong shape): SPEC §8 generic 'Something went wrong'. */
export const UNEXPECTED_RESPONSE = 'UNEXPECTED_RESPONSE';

export { callUrl };

// A request that hangs is as useless to the learner as one that fails; give up and say so.
const REQUEST_TIMEOUT_MS = 20_000;

interface RequestOptions<T> {
  method?: ApiCall['method'];
  body?: unknown;
  /**
   * Validates the JSON answer; without it the body is trusted as T. A function loads the schema only when
   * a successful answer must be parsed (ADR 028: zod stays off a guest's first visit).
   */
  schema?: ZodType<T> | (() => Promise<ZodType<T>>);
  /** An answer so plain the caller reads it without loading the schema (a guest's `{"user":null}`). */
  readWithoutSchema?: (body: unknown) => boolean;
  signal?: AbortSignal;
}

/** `Retry-After` as seconds; the HTTP-date form is not sent by our server and is ignored. */
export function retryAfterSeconds(header: string | null): number | undefined {
  if (header === null || !/^\d+$/.test(header.trim())) return undefined;
  return Number(header.trim());
}

function errorFromBody(status: number, body: unknown, retryAfter?: number): ApiError {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (error && typeof error.code === 'string') {
    return new ApiError(
      status,
      error.code,
      typeof error.message === 'string' ? error.message : '',
      retryAfter,
    );
  }
  return new ApiError(status, UNEXPECTED_RESPONSE, 'Something went wrong');
}

/**
 * The transport under callApi. The session travels in the httpOnly `accessToken` cookie, so requests
 * carry same-origin credentials and never see the token itself.
 */
async function apiRequest<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        // A FormData body (a file upload) sets its own multipart content type with the boundary.
        ...(options.body === undefined || options.body instanceof FormData
          ? {}
          : { 'content-type': 'application/json' }),
      },
      body:
        options.body === undefined || options.body instanceof FormData
          ? options.body
          : JSON.stringify(options.body),
      signal,
    });
  } catch (error) {
    // A caller's own cancellation (e.g. TanStack Query dropping a stale request) is not an outage.
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, SERVER_NOT_RESPONDING, 'Server not responding, try again later');
  }

  if (response.status === 204) {
    const schema = typeof options.schema === 'function' ? await options.schema() : options.schema;
    return (schema ? schema.parse(null) : null) as T;
  }
  const text = await response.text().catch(() => '');
  let body: unknown = null;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    body = null;
  }
  if (response.ok && options.readWithoutSchema?.(body)) return body as T;
  const schema =
    typeof options.schema === 'function' && response.ok ? await options.schema() : options.schema;
  // Proxies answer 502-504 with their own pages when the API process is gone.
  if ([502, 503, 504].includes(response.status) && body === null) {
    throw new ApiError(response.status, SERVER_NOT_RESPONDING, 'Server not responding, try again later');
  }
  if (!response.ok) {
    throw errorFromBody(response.status, body, retryAfterSeconds(response.headers.get('retry-after')));
  }
  if (!schema || typeof schema === 'function') return body as T;
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiError(response.status, UNEXPECTED_RESPONSE, 'Something went wrong');
  return parsed.data;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** What a call needs from its caller; path parameters and the query are written as the server reads them. */
export type CallInput<Call extends ApiCall> = (CallParams<Call> extends undefined
  ? { params?: undefined }
  : { params: CallParams<Call> }) &
  (CallQuery<Call> extends undefined ? { query?: undefined } : { query?: CallQuery<Call> }) &
  (Call['consumes'] extends readonly string[]
    ? { body: FormData }
    : CallBody<Call> extends undefined
      ? { body?: undefined }
      : { body: CallBody<Call> }) & { signal?: AbortSignal | undefined };

/**
 * The one way the web app talks to the API: the call's contract (packages/contract) names the method and
 * path, types what is sent and parses what comes back, so a shape the server changes fails here, loudly,
 * instead of deep inside a screen.
 */
export function callApi<Call extends ApiCall>(
  call: Call,
  ...[input]: CallInput<Call> extends { params?: undefined; body?: undefined }
    ? [input?: CallInput<Call>]
    : [input: CallInput<Call>]
): Promise<CallResponse<Call>> {
  return apiRequest<CallResponse<Call>>(callUrl(call, input?.params, input?.query), {
    method: call.method,
    body: input?.body,
    schema: call.response as ZodType<CallResponse<Call>>,
    signal: input?.signal,
  });
}

/**
 * callApi for a call whose contract is loaded on demand: the request leaves at once with the route's
 * method and path, and the call's module (its zod schemas) is imported only to parse a successful answer.
 * For the first visit's calls (ADR 028): a guest's GET /api/users/session is `{"user":null}`, read without
 * loading any schema.
 * Only for calls without path parameters, query or body.
 */
export function callLazily<Call extends ApiCall & CallRoute>(
  route: Pick<Call, 'method' | 'path'>,
  loadCall: () => Promise<Call>,
  input?: {
    signal?: AbortSignal | undefined;
    /** An answer read as it is, loading no schema (a guest's session); anything else is parsed. */
    readWithoutSchema?: (body: unknown) => body is CallResponse<Call>;
  },
): Promise<CallResponse<Call>> {
  // Unless a plain answer may need no schema, the call's module downloads during the request's round trip
  // instead of after it. Its failure is the parse's to report (an unread answer reports nothing).
  const loadingEarly = input?.readWithoutSchema ? undefined : loadCall();
  loadingEarly?.catch(() => undefined);
  return apiRequest<CallResponse<Call>>(route.path, {
    method: route.method,
    schema: async () => (await (loadingEarly ?? loadCall())).response as ZodType<CallResponse<Call>>,
    ...(input?.readWithoutSchema ? { readWithoutSchema: input.readWithoutSchema } : {}),
    signal: input?.signal,
  });
}
