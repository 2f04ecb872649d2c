import { describe, expect, it } from 'vitest';
import { noPoints, totalPoints } from './points.ts';

describe('points', () => {
  it('adds every kind', () => {
    expect(totalPoints(noPoints)).toBe(0);
    expect(
      totalPoints({
        correctAnswers: 3,
        moreWords: 5,
        topicFinished: 10,
        blitzPassed: 25,
        courseFinished: 500,
      }),
    ).toBe(543);
  });
});
