import { errorResponseSchema, isErrorCode, type RequestErrorCode } from '@parlo/contract/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay from 'find-my-way';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/faults.ts';
import { AppError, validationMessages } from '../lib/app-error.ts';

/** Seconds a client should wait before retrying while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export { errorResponseSchema };

/**
 * What fastify's own refusals (a body it cannot read, a URL it cannot decode) mean in our codes, so a
 * client never sees an `FST_…` code and the web app can translate every refusal.
 */
const frameworkRefusals: Record<string, { status: number; code: RequestErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'INVALID_JSON',
    message: 'The body is not valid JSON.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'INVALID_JSON',
    message: 'The body is empty but says it is JSON.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'INVALID_JSON',
    message: 'The body does not match its Content-Length.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'BODY_TOO_LARGE', message: 'The request is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Send the body as application/json.',
  },
  FST_ERR_BAD_URL: { status: 400, code: 'BAD_URL', message: 'The address is not a valid URL.' },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, code: 'BAD_URL', message: 'The address is not a valid URL.' },
};

const fieldMessages: Record<string, string> = {
  NUL_NOT_ALLOWED: 'Text may not contain a NUL character.',
};

/** A schema's message is a stable code when it is one word (`error-email-not-valid`, `NUL_NOT_ALLOWED`). */
const CODE_LIKE = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

/**
 * Whether the error is the client hanging up before its request arrived whole: Node destroys the request
 * stream with an `ECONNRESET` "aborted" error, the code a dropped database connection has too. Decided by
 * the request, not the code, so that it is never taken for the database going away (issue 30).
 */
export function isClientAbort(request: FastifyRequest, error: unknown): boolean {
  const raw = request.raw;
  if (raw.errored !== null && raw.errored === error) return true;
  return raw.readableAborted && (error as { code?: unknown } | null)?.code === 'ECONNRESET';
}

/** A database that cannot be reached, as opposed to a client that went away or a bug. */
export function isDatabaseFault(request: FastifyRequest, error: unknown): boolean {
  return isDatabaseUnavailable(error) && !isClientAbort(request, error);
}

function sendError(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.code(status).send({ error: { code, message } });
}

/** Refusals raised before routing (FST_ERR_BAD_URL), which fastify does not pass to the error handler. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const known = frameworkRefusals[error.code];
  if (known) void sendError(reply, known.status, known.code, known.message);
  else void sendError(reply, 400, 'BAD_URL', 'The address is not a valid URL.');
}

/** Every failure leaves the API as `{ error: { code, message } }`. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return sendError(reply, error.statusCode, error.code, error.message);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || undefined;
      // Field schemas carry stable codes as their messages (e.g. error-email-not-valid, NUL_NOT_ALLOWED).
      const message = first?.message ?? 'The request is not valid.';
      if (CODE_LIKE.test(message)) {
        return sendError(
          reply,
          400,
          message,
          (isErrorCode(message) ? validationMessages[message] : undefined) ??
            fieldMessages[message] ??
            message,
        );
      }
      return sendError(reply, 400, 'VALIDATION_FAILED', field ? `${field}: ${message}` : message);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return sendError(reply, 500, 'INTERNAL', 'Something went wrong');
    }
    if (isClientAbort(request, error)) {
      // Nobody is left to read an answer; the line says what happened, at the level of any refusal.
      request.log.info({ err: error }, 'request aborted by the client');
      return sendError(reply, 400, 'BAD_REQUEST', 'The request was not received whole.');
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({
          error: {
            code: 'DATABASE_UNAVAILABLE' satisfies RequestErrorCode,
            message: 'Parlo is briefly unavailable. Nothing was saved; try again in a moment.',
          },
        });
    }
    const known = frameworkRefusals[error.code];
    if (known) return sendError(reply, known.status, known.code, known.message);
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
      return sendError(reply, 500, 'INTERNAL', 'Something went wrong');
    }
    if (statusCode === 429) return sendError(reply, 429, 'TOO_MANY_REQUESTS', error.message);
    // Plugins' own refusals (multipart, rate limit) keep their status but never leak an internal code.
    const code = error.code && !error.code.startsWith('FST_') ? error.code : 'BAD_REQUEST';
    return sendError(reply, statusCode, code, error.message);
  });

  // Every route's path and method, so a known path asked with another method answers 405 and `Allow`.
  const knownPaths = FindMyWay();
  const known = new Set<string>();
  app.addHook('onRoute', (route) => {
    // The web app's catch-all (plugins/web-app.ts) answers every GET; it says nothing about a path.
    if (route.url.endsWith('*')) return;
    for (const method of [route.method].flat()) {
      const key = `${method} ${route.url}`;
      if (known.has(key)) continue;
      known.add(key);
      knownPaths.on(method as HTTPMethod, route.url, () => undefined);
    }
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? request.url;
    const allowed = allowedMethods.filter((method) => knownPaths.find(method, path) !== null);
    if (allowed.length > 0) {
      void reply.header('allow', allowed.join(', '));
      return sendError(reply, 405, 'METHOD_NOT_ALLOWED', `${request.method} is not allowed here`);
    }
    return sendError(reply, 404, 'NOT_FOUND', `No route for ${request.method} ${request.url}`);
  });
}

type HTTPMethod = Parameters<ReturnType<typeof FindMyWay>['find']>[0];
const allowedMethods: HTTPMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];
