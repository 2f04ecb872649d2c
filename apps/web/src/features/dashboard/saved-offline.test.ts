import { describe, expect, it } from 'vitest';
import type { OverviewProgram } from './api/overview.ts';
import { withLessonsSavedOffline } from './saved-offline.ts';

const program: OverviewProgram = {
  programId: 1,
  packageId: 7,
  currentTopicId: 10,
  currentLessonId: 101,
  finished: false,
  topics: [
    {
      id: 10,
      state: 'current',
      blitz: null,
      lessons: [
        { id: 100, state: 'available' },
        { id: 101, state: 'available' },
        { id: 102, state: 'locked' },
        { id: 103, state: 'available' },
        { id: 104, state: 'locked' },
      ],
    },
    { id: 20, state: 'locked', blitz: null, lessons: [{ id: 201, state: 'locked' }] },
  ],
};

describe('lessons saved offline on the dashboard (issue 29 item 17)', () => {
  it('shows the lesson done and the next one up', () => {
    const shown = withLessonsSavedOffline(program, new Set([101]));
    expect(shown.topics[0]?.lessons.map((lesson) => lesson.state)).toEqual([
      'available',
      'complete',
      'available',
      'available',
      'locked',
    ]);
    expect(shown.currentLessonId).toBe(102);
  });

  it('follows two lessons finished offline in a row', () => {
    const shown = withLessonsSavedOffline(program, new Set([101, 102]));
    expect(shown.topics[0]?.lessons.map((lesson) => lesson.state)).toEqual([
      'available',
      'complete',
      'complete',
      'available',
      'available',
    ]);
    expect(shown.currentLessonId).toBe(104);
  });

  it("leaves the server's answer alone when nothing waits", () => {
    expect(withLessonsSavedOffline(program, new Set())).toBe(program);
    expect(withLessonsSavedOffline(program, new Set([999]))).toEqual(program);
  });
});
