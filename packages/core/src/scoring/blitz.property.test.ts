import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blitzMistakesLeft, blitzProgressPercent, isBlitzPassed } from './blitz.ts';

describe('blitz progress bar properties', () => {
  it('stays within 5..100 for any counts', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 500 }),
        fc.integer({ min: -10, max: 1000 }),
        (total, correct) => {
          const percent = blitzProgressPercent(total, correct);
          expect(percent).toBeGreaterThanOrEqual(5);
          expect(percent).toBeLessThanOrEqual(100);
        },
      ),
    );
  });
  it('grows with correct answers and is full exactly when all are answered', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.nat(600), (total, correct) => {
        expect(blitzProgressPercent(total, correct + 1)).toBeGreaterThanOrEqual(
          blitzProgressPercent(total, correct),
        );
        if (correct < total) {
          expect(blitzProgressPercent(total, correct + 1)).toBeGreaterThan(
            blitzProgressPercent(total, correct),
          );
        }
        expect(blitzProgressPercent(total, correct) === 100).toBe(correct >= total);
      }),
    );
  });
  it('passes exactly while mistakes are left', () => {
    fc.assert(
      fc.property(fc.nat(50), (mistakes) => {
        expect(isBlitzPassed(mistakes)).toBe(blitzMistakesLeft(mistakes) >= 1);
        expect(blitzMistakesLeft(mistakes + 1)).toBeLessThanOrEqual(blitzMistakesLeft(mistakes));
      }),
    );
  });
});
