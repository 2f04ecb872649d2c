import { allCalls } from '@parlo/contract/all-calls';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-body.ts';

type JsonSchema = {
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/** How deep objects and arrays may nest in a body the schema accepts. */
function nestingOf(schema: JsonSchema, defs: Record<string, JsonSchema>, seen = 0): number {
  if (seen > 50) throw new Error('recursive schema');
  if (schema.$ref) {
    const target = defs[schema.$ref.replace('#/$defs/', '')];
    if (!target) throw new Error(`unknown ${schema.$ref}`);
    return nestingOf(target, defs, seen + 1);
  }
  const alternatives = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  const inner = (list: Array<JsonSchema | boolean | undefined>) =>
    Math.max(0, ...list.map((part) => (typeof part === 'object' ? nestingOf(part, defs, seen + 1) : 0)));
  const own = schema.properties || schema.additionalProperties !== undefined || schema.items ? 1 : 0;
  return Math.max(
    inner(alternatives),
    own +
      inner([
        ...Object.values(schema.properties ?? {}),
        schema.additionalProperties,
        schema.items,
        ...(schema.prefixItems ?? []),
      ]),
  );
}

describe('nestsDeeperThan', () => {
  it('counts objects and arrays, stopping at the first level too deep', () => {
    expect(nestsDeeperThan('{"a":[1,{"b":[]}]}', 4)).toBe(false);
    expect(nestsDeeperThan('{"a":[1,{"b":[]}]}', 3)).toBe(true);
    expect(nestsDeeperThan(`${'['.repeat(17)}${']'.repeat(17)}`, 16)).toBe(true);
    expect(nestsDeeperThan(`${'['.repeat(16)}${']'.repeat(16)}`, 16)).toBe(false);
    // Siblings do not add up: depth, not count.
    expect(nestsDeeperThan(`[${'[[]],'.repeat(1000)}[]]`, 3)).toBe(false);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan(JSON.stringify({ text: '[[[[[[[[{{{{{{' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ text: 'say "[[[[" \\ ok' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ text: 'a\\"', list: [[[]]] }), 3)).toBe(true);
  });
});

describe('MAX_JSON_DEPTH', () => {
  it('is deep enough for the body of every call of the contract', () => {
    const depths = allCalls
      .filter((call) => call.body !== undefined)
      .map((call) => {
        const schema = z.toJSONSchema(call.body as z.ZodType, {
          io: 'input',
          unrepresentable: 'any',
        }) as JsonSchema;
        return { call: `${call.method} ${call.path}`, depth: nestingOf(schema, schema.$defs ?? {}) };
      });
    expect(depths.length).toBeGreaterThan(20);
    const deepest = Math.max(...depths.map((entry) => entry.depth));
    expect(deepest).toBeGreaterThanOrEqual(5);
    expect(depths.filter((entry) => entry.depth > MAX_JSON_DEPTH)).toEqual([]);
  });
});
