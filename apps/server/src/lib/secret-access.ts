import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Env } from '../env.ts';

/**
 * SPEC §4 secret access: a `secret` query parameter (or `X-Secret-Access` header, so it stays out of
 * logs) equal to SECRET_ACCESS_KEY. Without a configured key nobody has it.
 */
export function hasSecretAccess(request: FastifyRequest, env: Env): boolean {
  if (!env.SECRET_ACCESS_KEY) return false;
  const header = request.headers['x-secret-access'];
  const query = (request.query as { secret?: unknown } | undefined)?.secret;
  const offered = typeof header === 'string' ? header : typeof query === 'string' ? query : '';
  const expected = Buffer.from(env.SECRET_ACCESS_KEY);
  const given = Buffer.from(offered);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
