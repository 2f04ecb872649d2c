import type { ZodType } from 'zod';

/** Every failure a request can end in, in the API's own `{ error: { code, message } }` terms. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

/** No answer at all (network down, server stopped, request timed out): SPEC §8 'Server not responding'. */
export const SERVER_NOT_RESPONDING = 'SERVER_NOT_RESPONDING';
/** An answer we cannot read (not JSON, wrong shape): SPEC §8 generic 'Something went wrong'. */
export const UNEXPECTED_RESPONSE = 'UNEXPECTED_RESPONSE';

// A request that hangs is as useless to the learner as one that fails; give up and say so.
const REQUEST_TIMEOUT_MS = 20_000;

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Validates the JSON answer; without it the body is trusted as T. */
  schema?: ZodType<T>;
  signal?: AbortSignal;
}

function errorFromBody(status: number, body: unknown): ApiError {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (error && typeof error.code === 'string') {
    return new ApiError(status, error.code, typeof error.message === 'string' ? error.message : '');
  }
  return new ApiError(status, UNEXPECTED_RESPONSE, 'Something went wrong');
}

/**
 * The one HTTP client of the web app. The session travels in the httpOnly `accessToken` cookie, so
 * requests carry same-origin credentials and never see the token itself.
 */
export async function apiRequest<T = void>(path: string, options: RequestOptions<T> = {}): Promise<T> {
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

  if (response.status === 204) return undefined as T;
  const text = await response.text().catch(() => '');
  let body: unknown = null;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    body = null;
  }
  // Proxies answer 502-504 with their own pages when the API process is gone.
  if ([502, 503, 504].includes(response.status) && body === null) {
    throw new ApiError(response.status, SERVER_NOT_RESPONDING, 'Server not responding, try again later');
  }
  if (!response.ok) throw errorFromBody(response.status, body);
  if (!options.schema) return body as T;
  const parsed = options.schema.safeParse(body);
  if (!parsed.success) throw new ApiError(response.status, UNEXPECTED_RESPONSE, 'Something went wrong');
  return parsed.data;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
