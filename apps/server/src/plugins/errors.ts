import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isDatabaseUnavailable } from '../db/faults.ts';
import { AppError } from '../lib/app-error.ts';

/** Seconds a client should wait before retrying while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const errorResponseSchema = z
  .object({ error: z.object({ code: z.string(), message: z.string() }) })
  .meta({ id: 'Error' });

/** Every failure leaves the API as `{ error: { code, message } }`. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.statusCode).send({ error: { code: error.code, message: error.message } });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || undefined;
      // Field schemas carry the spec's codes as their messages (e.g. error-email-not-valid).
      const message = first?.message ?? 'The request is not valid.';
      const code = /^[a-z0-9-]+$/.test(message) ? message : 'VALIDATION_FAILED';
      return reply.code(400).send({
        error: { code, message: field && code === 'VALIDATION_FAILED' ? `${field}: ${message}` : message },
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.code(500).send({ error: { code: 'INTERNAL', message: 'Something went wrong' } });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({
          error: {
            code: 'DATABASE_UNAVAILABLE',
            message: 'Parlo is briefly unavailable. Nothing was saved; try again in a moment.',
          },
        });
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ error: { code: 'INTERNAL', message: 'Something went wrong' } });
    }
    if (statusCode === 429) {
      return reply.code(429).send({ error: { code: 'TOO_MANY_REQUESTS', message: error.message } });
    }
    return reply
      .code(statusCode)
      .send({ error: { code: error.code ?? 'BAD_REQUEST', message: error.message } });
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .code(404)
      .send({ error: { code: 'NOT_FOUND', message: `No route for ${request.method} ${request.url}` } });
  });
}
