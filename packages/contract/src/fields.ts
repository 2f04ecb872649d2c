import { z } from 'zod';

/**
 * Field schemas every call's request is built from. PostgreSQL stores neither a NUL character in text nor
 * an id beyond int4, so both are refused here, at the edge, with a 400 instead of failing in the database.
 */

/** The largest value of a PostgreSQL `integer` (serial ids). */
export const MAX_ID = 2_147_483_647;

export const NUL_NOT_ALLOWED = 'NUL_NOT_ALLOWED';

export function hasNoNul(value: string): boolean {
  return !value.includes('\u0000');
}

/** Any text a client sends: bounded, and never a NUL. */
export function text(max: number) {
  return z.string().max(max).refine(hasNoNul, NUL_NOT_ALLOWED);
}

/** A row id in a JSON body. */
export const id = z.number().int().min(1).max(MAX_ID);

/** A row id in a path or a query string: digits only, then the same bounds as in a body. */
export const idText = z
  .string()
  .max(10)
  .regex(/^[0-9]+$/, 'Expected a positive whole number')
  .transform(Number)
  .pipe(id);

/** Ids in a query string, `1,2,3` or repeated (`lessonIds=1&lessonIds=2`). */
export function idListText(max: number) {
  return z
    .union([z.string().max(12 * max), z.array(z.string().max(11)).max(max)])
    .transform((value) =>
      (Array.isArray(value) ? value : value.split(',')).map((part) => part.trim()).filter(Boolean),
    )
    .pipe(z.array(idText).min(1).max(max));
}

/** User ids are UUIDs. */
export const userId = z.uuid();

/** The secret-access key of SPEC §4 when it travels in the query string. */
export const secretQuery = z.object({ secret: text(200).optional() });

export const noContent = z.null().describe('No content');

/** The key under which a file answer names its media types; the OpenAPI plugin documents it as binary. */
export const FILE_MEDIA_TYPES = 'x-file-media-types';

/** An answer that is a file (a recording, a picture), not JSON. */
export function fileAnswer(mediaTypes: readonly [string, ...string[]], description: string) {
  return z.any().meta({ description, [FILE_MEDIA_TYPES]: mediaTypes });
}

/**
 * The account field rules the server enforces (core's user-validation), stated for OpenAPI: the checks
 * themselves answer SPEC §5's codes in order, so they are refinements JSON Schema cannot show.
 */
export const documentedRules = {
  name: { minLength: 1, maxLength: 80 },
  email: { type: 'string', format: 'email', maxLength: 254 },
  password: { minLength: 6, maxLength: 200 },
} as const;
