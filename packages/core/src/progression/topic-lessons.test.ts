import { describe, expect, it } from 'vitest';
import { LESSON_REGULAR, LESSON_RULES, LESSON_WORD_REVIEW } from './catalogue.ts';
import { topicLessonCount } from './topic-lessons.ts';

describe('lessons in a topic (issue 29 item 16)', () => {
  it('counts the regular lessons and the learned ones, never rules or the optional word review', () => {
    const lessons = [
      { type: LESSON_RULES, complete: false },
      { type: LESSON_REGULAR, complete: true },
      { type: LESSON_REGULAR, complete: false },
      { type: LESSON_REGULAR, complete: false },
      { type: LESSON_WORD_REVIEW, complete: true },
    ];
    expect(topicLessonCount(lessons)).toEqual({ done: 1, total: 3 });
    expect(topicLessonCount([])).toEqual({ done: 0, total: 0 });
    expect(topicLessonCount([{ type: LESSON_REGULAR, complete: true }])).toEqual({ done: 1, total: 1 });
  });
});
