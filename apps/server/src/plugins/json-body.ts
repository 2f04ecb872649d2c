import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/**
 * The deepest nesting of objects and arrays any call's body has is 5 (a completion's attempts → answer →
 * list); 16 leaves room without inviting abuse. Checked by `apps/server/tests/body-limits.test.ts` against
 * every call of the contract.
 */
export const MAX_JSON_DEPTH = 16;

/** The body limit of a call that does not name its own (`maxBodyBytes` in the contract): a few KB. */
export const DEFAULT_BODY_LIMIT = 16 * 1024;

// UTF-16 code units of the characters that matter; none is ever part of another character.
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * Whether `body` nests arrays and objects deeper than `maxDepth`, decided in one pass over the text
 * (brackets inside strings do not count) that stops at the first level too deep. It does not check that
 * the body is valid JSON: the parser does that next, and only for bodies that pass.
 */
export function nestsDeeperThan(body: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < body.length; index += 1) {
    const code = body.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) {
      depth -= 1;
    }
  }
  return false;
}

function tooDeep(): AppError {
  return new AppError(
    400,
    'JSON_TOO_DEEP',
    `The body nests objects or arrays more than ${MAX_JSON_DEPTH} levels deep; no request needs that.`,
  );
}

/**
 * JSON bodies: fastify's own parser (prototype poisoning refused), after a cheap scan that refuses bodies
 * nested deeper than any call needs. `JSON.parse` of 400,000 nested arrays holds the event loop for
 * ~130 ms; the scan refuses it after reading 17 characters (issue 30).
 */
export function registerJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
      done(tooDeep(), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}
