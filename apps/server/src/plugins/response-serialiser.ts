import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as contractSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * How answers become JSON (ADR 021). Every answer's shape is its call's zod schema (packages/contract);
 * what differs is whether each answer is parsed by that schema before it is sent:
 *
 * - 'checked' (tests and development): the contract parses every answer (a wrong shape is a 500 that a
 *   test sees), and the compiled stringifier must write exactly the same JSON, or the answer is a 500 too.
 * - 'compiled' (production): a fast-json-stringify function generated once per route from the same
 *   schema (`z.toJSONSchema`), which writes the declared fields without parsing them first. Parsing a
 *   leaderboard or a dashboard with zod on every request cost more CPU than the rest of the answer.
 *
 * A schema JSON Schema cannot express (a transform, a date) has no stringifier: its route is parsed by
 * the contract in every mode.
 */
export type ResponseSerialisation = 'checked' | 'compiled';

type Serialise = (data: unknown) => string;
type SerializerCompiler = FastifySerializerCompiler<unknown>;

/**
 * The schema fast-json-stringify reads: the answer's output shape, everything inline (no shared $defs:
 * each route compiles alone), nullable written as OpenAPI 3.0's `nullable: true` so a nullable object is
 * written directly instead of validated against each `anyOf` branch per answer.
 */
export function stringifierSchema(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    io: 'output',
    unrepresentable: 'throw',
    reused: 'inline',
    // An empty registry: the contract's `.meta({ id })` names are for OpenAPI, not for inlined schemas.
    metadata: z.registry<Record<string, unknown>>(),
  }) as Record<string, unknown>;
}

/** The compiled stringifier of a response schema, or null when JSON Schema cannot express it. */
export function compileStringifier(schema: z.ZodType): Serialise | null {
  try {
    return fastJsonStringify(stringifierSchema(schema) as unknown as Parameters<typeof fastJsonStringify>[0]);
  } catch {
    return null;
  }
}

/** fastify-type-provider-zod's serialiser: the answer parsed by the contract, then JSON.stringify. */
const contractSerialiser = contractSerializerCompiler as unknown as (
  route: Parameters<SerializerCompiler>[0],
) => Serialise;

/** A route's response schema as registered: a zod schema (route.ts), or `{ properties: zod }`. */
function zodSchemaOf(schema: unknown): z.ZodType | null {
  if (schema instanceof z.ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  return properties instanceof z.ZodType ? properties : null;
}

export function responseSerialiserCompiler(mode: ResponseSerialisation): SerializerCompiler {
  return (route) => {
    const zodSchema = zodSchemaOf(route.schema);
    const compiled = zodSchema ? compileStringifier(zodSchema) : null;
    if (mode === 'compiled' && compiled) return compiled;
    const checked = contractSerialiser(route);
    if (!compiled) return checked;
    return (data) => {
      const json = checked(data);
      const fast = compiled(data);
      if (fast !== json) {
        throw new Error(
          `${route.method} ${route.url} ${route.httpStatus}: the compiled serialiser wrote ${fast.slice(0, 500)} where the contract wrote ${json.slice(0, 500)}`,
        );
      }
      return json;
    };
  };
}
