import { describe, expect, it } from 'vitest';
import { withLessonsSavedOffline } from './saved-offline.ts';
import { programProgress, topicProgress } from './testing/dashboard-answer.ts';

const program = programProgress({ topicId: 10, lessonId: 101 }, [
  topicProgress(10, 'current', [
    [100, 'available'],
    [101, 'available'],
    [102, 'locked'],
    [103, 'available'],
    [104, 'locked'],
  ]),
  topicProgress(20, 'locked', [[201, 'locked']]),
]);

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
