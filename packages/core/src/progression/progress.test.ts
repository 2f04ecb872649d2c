import { describe, expect, it } from 'vitest';
import { hasProgramStarted } from './progress.ts';

describe('hasProgramStarted', () => {
  const fresh = { lessonId: null, finished: false, passedBlitzes: [] };
  it('is false for a program chosen but never played', () => {
    expect(hasProgramStarted(fresh)).toBe(false);
    expect(hasProgramStarted({ lessonId: null, finished: false })).toBe(false);
  });
  it('is true once a lesson was reached, a blitz passed or the program finished', () => {
    expect(hasProgramStarted({ ...fresh, lessonId: 7 })).toBe(true);
    expect(hasProgramStarted({ ...fresh, passedBlitzes: [3] })).toBe(true);
    expect(hasProgramStarted({ ...fresh, finished: true })).toBe(true);
  });
});
