import { describe, expect, it } from 'vitest';
import { feedbackText } from './feedback-text.ts';

describe('feedback text', () => {
  it('names the path from the language down to the exercise, then the problems in a fixed order', () => {
    const text = feedbackText(
      {
        language: { id: 1, name: 'English' },
        coursePackage: { id: 2, name: 'German' },
        program: { id: 3, name: 'German for beginners' },
        topic: { id: 4, name: 'Greetings' },
        lesson: { id: 5, name: 'Hello' },
        exercise: { id: 6, type: 3 },
      },
      ['other', 'wrong-answer-marking'],
    );
    expect(text).toBe(
      [
        'Language: English (#1)',
        'Package: German (#2)',
        'Program: German for beginners (#3)',
        'Topic: Greetings (#4)',
        'Lesson: Hello (#5)',
        'Exercise: #6 (type 3)',
        'Problems: Wrong answer marking; Other',
      ].join('\n'),
    );
  });

  it('leaves out the parts the catalogue did not name', () => {
    expect(feedbackText({ exercise: { id: 9, type: 14 } }, ['task-not-visible', 'text-error'])).toBe(
      'Exercise: #9 (type 14)\nProblems: The task is not visible; Grammar or spelling error in the text',
    );
  });
});
