import { describe, expect, it } from 'vitest';
import { lessonsAhead, pictureValuesOf } from './lessons-ahead.ts';

const program = {
  currentLessonId: 12,
  topics: [
    {
      lessons: [
        { id: 11, state: 'complete' as const },
        { id: 12, state: 'available' as const },
      ],
    },
    {
      lessons: [
        { id: 21, state: 'locked' as const },
        { id: 22, state: 'locked' as const },
      ],
    },
  ],
};

describe('the lessons kept for offline play', () => {
  it('are the current lesson and the next one, across a topic boundary', () => {
    expect(lessonsAhead(program)).toEqual([12, 21]);
  });

  it('start at the first unfinished lesson when none is current, and end with the program', () => {
    expect(lessonsAhead({ ...program, currentLessonId: null })).toEqual([12, 21]);
    expect(lessonsAhead({ ...program, currentLessonId: 22 })).toEqual([22]);
    expect(lessonsAhead(null)).toEqual([]);
  });

  it("find every exercise's pictures, single or listed", () => {
    expect(
      pictureValuesOf({
        type: 4,
        type4_images: ['1F436', '', null, '1F431'],
        type15_image: '1F3E0',
        type4_word: 'x',
      }),
    ).toEqual(['1F436', '1F431', '1F3E0']);
  });
});
