import { describe, expect, it } from 'vitest';
import { isPlayerState } from './player-route.ts';

describe('player navigation state', () => {
  it('accepts a lesson or a blitz and nothing else', () => {
    expect(isPlayerState({ kind: 'lesson', lessonId: 3, topicId: 1 })).toBe(true);
    expect(isPlayerState({ kind: 'blitz', blitzTopicId: 7 })).toBe(true);
    expect(isPlayerState({ kind: 'lesson', lessonId: '3', topicId: 1 })).toBe(false);
    expect(isPlayerState(null)).toBe(false);
    expect(isPlayerState({ topics: [] })).toBe(false);
  });
});
