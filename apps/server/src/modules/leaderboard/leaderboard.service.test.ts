import { leaderboardSchema } from '@parlo/contract/leaderboard';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileStringifier } from '../../plugins/response-serialiser.ts';
import { entriesJson, snapshotJson } from './leaderboard.service.ts';

const contractJson = compileStringifier(leaderboardSchema);

// Fields in another order than the contract's, as a query may return them.
const entry = fc.record({
  order: fc.integer({ min: 1, max: 1_000_000 }),
  userId: fc.uuid(),
  // Names as learners type them (quotes, backslashes, emoji, right-to-left letters), and any code unit.
  name: fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 40 }),
  ),
  points: fc.integer({ min: 0, max: 10_000_000 }),
});
const place = fc.option(
  fc.record({
    order: fc.integer({ min: 1, max: 1_000_000 }),
    points: fc.integer({ min: 0, max: 10_000_000 }),
  }),
);
const day = fc
  .date({ min: new Date('2020-01-01'), max: new Date('2040-01-01'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

describe("the leaderboard's snapshot answer", () => {
  it('is byte for byte what the contract writes, and reads back as the same board', () => {
    expect(contractJson).not.toBeNull();
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 100 }), place, day, (entries, me, dayOf) => {
        const board = { entries, me, day: dayOf, source: 'snapshot' as const };
        const json = snapshotJson(dayOf, entriesJson(entries), me);
        expect(json).toBe(contractJson?.(board));
        expect(leaderboardSchema.parse(JSON.parse(json))).toEqual(board);
      }),
      { numRuns: 300 },
    );
  });
});
