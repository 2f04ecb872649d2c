import { describe, expect, it } from 'vitest';
import { blitzMistakesLeft, blitzProgressPercent, isBlitzLost, isBlitzPassed } from './blitz.ts';

describe('blitz rules', () => {
  it.each([
    [0, 3, false, true],
    [1, 2, false, true],
    [2, 1, false, true],
    [3, 0, true, false],
    [4, 0, true, false],
    [5, 0, true, false],
  ])('%i mistakes: %i left, lost %s, passed %s', (mistakes, left, lost, passed) => {
    expect(blitzMistakesLeft(mistakes)).toBe(left);
    expect(isBlitzLost(mistakes)).toBe(lost);
    expect(isBlitzPassed(mistakes)).toBe(passed);
  });
});

describe('blitz progress bar', () => {
  it('starts at 5% and ends at 100%', () => {
    expect(blitzProgressPercent(10, 0)).toBe(5);
    expect(blitzProgressPercent(10, 10)).toBe(100);
    expect(blitzProgressPercent(3, 3)).toBe(100);
    expect(blitzProgressPercent(4, 2)).toBe(52.5);
  });
  it('clamps out-of-range counts and handles an empty blitz', () => {
    expect(blitzProgressPercent(4, 9)).toBe(100);
    expect(blitzProgressPercent(4, -1)).toBe(5);
    expect(blitzProgressPercent(0, 0)).toBe(5);
  });
});
