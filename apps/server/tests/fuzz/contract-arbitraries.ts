import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check inputs derived from a contract's zod schema (through its JSON Schema, the same document
 * OpenAPI shows): mostly well-formed values so requests reach the handlers, with hostile values mixed in
 * at every level — NUL characters, ids past int4, wrong types, huge texts.
 */

type JsonSchema = {
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
};

/** Values no input may turn into a 500: what PostgreSQL cannot store and what JavaScript mis-reads. */
export const hostileValues: readonly unknown[] = [
  '\u0000',
  'a\u0000b',
  'x'.repeat(5000),
  '',
  ' ',
  '2147483648',
  '9999999999',
  '-1',
  '0',
  '1e3',
  '0x10',
  '%00',
  '../../etc/passwd',
  "'; drop table users; --",
  '__proto__',
  2_147_483_648,
  Number.MAX_SAFE_INTEGER + 2,
  -2_147_483_649,
  -1,
  0,
  1.5,
  1e308,
  -1e308,
  true,
  null,
  [],
  {},
  { __proto__: { admin: true } },
  ['\u0000'],
  [2_147_483_648],
];

export const hostile = fc.constantFrom(...hostileValues);

export interface ArbitraryOptions {
  /** Ids worth hitting (the learner's own rows, real lessons) so some requests pass validation. */
  knownIds: readonly number[];
  knownUuids: readonly string[];
}

export function arbitraryFor(schema: z.ZodType, options: ArbitraryOptions): fc.Arbitrary<unknown> {
  const root = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return fromJsonSchema(root, root, options, 0);
}

function resolve(node: JsonSchema, root: JsonSchema): JsonSchema {
  if (!node.$ref) return node;
  const name = node.$ref.replace('#/$defs/', '');
  const target = root.$defs?.[name];
  if (!target) throw new Error(`unresolved ${node.$ref}`);
  return resolve(target, root);
}

function fromJsonSchema(
  raw: JsonSchema,
  root: JsonSchema,
  options: ArbitraryOptions,
  depth: number,
): fc.Arbitrary<unknown> {
  const valid = wellFormed(resolve(raw, root), root, options, depth);
  // One value in eight is hostile, at every depth: deep fields get their share too.
  return fc.oneof({ weight: 7, arbitrary: valid }, { weight: 1, arbitrary: hostile });
}

function wellFormed(
  node: JsonSchema,
  root: JsonSchema,
  options: ArbitraryOptions,
  depth: number,
): fc.Arbitrary<unknown> {
  const inner = (child: JsonSchema) => fromJsonSchema(child, root, options, depth + 1);
  if (node.enum) return fc.constantFrom(...node.enum);
  if (node.const !== undefined) return fc.constant(node.const);
  const choices = node.anyOf ?? node.oneOf;
  if (choices)
    return fc.oneof(...choices.map((choice) => wellFormed(resolve(choice, root), root, options, depth)));
  const types = Array.isArray(node.type) ? node.type : node.type ? [node.type] : [];
  if (types.length > 1) {
    return fc.oneof(...types.map((type) => wellFormed({ ...node, type }, root, options, depth)));
  }
  switch (types[0]) {
    case 'string':
      return stringFor(node, options);
    case 'integer':
      return integerFor(node, options);
    case 'number':
      return fc.oneof(integerFor(node, options), fc.double({ noNaN: true, noDefaultInfinity: true }));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = Math.min(node.minItems ?? 0, 8);
      const maxLength = Math.max(minLength, Math.min(node.maxItems ?? 4, depth > 2 ? 1 : 4));
      return fc.array(node.items ? inner(node.items) : fc.jsonValue(), { minLength, maxLength });
    }
    case 'object': {
      if (node.properties) {
        const record = fc.record(
          Object.fromEntries(Object.entries(node.properties).map(([key, child]) => [key, inner(child)])),
          { requiredKeys: node.required ?? [] },
        );
        return fc.oneof(
          { weight: 9, arbitrary: record },
          // Unknown fields must be ignored, never stored.
          { weight: 1, arbitrary: record.map((value) => ({ ...value, isAdmin: true, userId: 'x' })) },
        );
      }
      const valueSchema = typeof node.additionalProperties === 'object' ? node.additionalProperties : {};
      return fc.dictionary(
        fc.constantFrom('choice', 'words', 'text', 'verdict', 'skipped', 'cannotTalk', 'other'),
        inner(valueSchema),
        { maxKeys: 2 },
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringFor(node: JsonSchema, options: ArbitraryOptions): fc.Arbitrary<string> {
  if (node.format === 'uuid') {
    return fc.oneof(fc.uuid(), fc.constantFrom(...options.knownUuids));
  }
  if (node.pattern === '^[0-9]+$') {
    // An id in a path or a query: real ones, small ones and ones past the int4 range.
    return fc.oneof(
      fc.constantFrom(...options.knownIds).map(String),
      fc.integer({ min: 0, max: 3_000_000_000 }).map(String),
      fc.stringMatching(/^[0-9]{1,10}$/),
    );
  }
  if (node.pattern) {
    const maxLength = node.maxLength ?? 40;
    return fc.stringMatching(new RegExp(node.pattern)).map((text) => text.slice(0, maxLength));
  }
  const maxLength = Math.min(node.maxLength ?? 60, 60);
  const minLength = Math.min(node.minLength ?? 0, maxLength);
  return fc.string({ minLength, maxLength, unit: 'binary' });
}

function integerFor(node: JsonSchema, options: ArbitraryOptions): fc.Arbitrary<number> {
  const min = Math.max(node.minimum ?? -3_000_000_000, Number.MIN_SAFE_INTEGER);
  const max = Math.min(node.maximum ?? 3_000_000_000, Number.MAX_SAFE_INTEGER);
  const known = options.knownIds.filter((value) => value >= min && value <= max);
  return known.length > 0
    ? fc.oneof(fc.constantFrom(...known), fc.integer({ min, max }))
    : fc.integer({ min, max });
}
