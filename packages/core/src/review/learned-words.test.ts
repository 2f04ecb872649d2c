import { describe, expect, it } from 'vitest';
import { Rating } from 'ts-fsrs';
import { isLearnedWord, wordsLearnedBy } from './learned-words.ts';
import { review } from './memory.ts';

const NOW = Date.UTC(2026, 0, 5, 9);

describe('a learned word (issue 29 item 11)', () => {
  it('is a word the memory holds a sitting of, answered right or wrong', () => {
    expect(isLearnedWord(undefined)).toBe(false);
    expect(isLearnedWord(review(undefined, Rating.Good, NOW))).toBe(true);
    expect(isLearnedWord(review(undefined, Rating.Again, NOW))).toBe(true);
  });

  it('is counted once: a sitting counts only the words it learned for the first time', () => {
    const known = review(undefined, Rating.Good, NOW);
    const before = new Map([['de:hund', known]]);
    const after = new Map([
      ['de:hund', review(known, Rating.Again, NOW + 86_400_000)],
      ['de:katze', review(undefined, Rating.Good, NOW + 86_400_000)],
      ['de:maus', review(undefined, Rating.Again, NOW + 86_400_000)],
    ]);
    expect(wordsLearnedBy(before, after)).toBe(2);
    expect(wordsLearnedBy(after, after)).toBe(0);
  });
});
