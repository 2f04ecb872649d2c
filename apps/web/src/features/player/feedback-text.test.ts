import { describe, expect, it } from 'vitest';
import { feedbackText, reportedAnswer } from './feedback-text.ts';

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

describe('"my answer should be accepted" (issue 31)', () => {
  it('takes the answer as typed, spoken or built', () => {
    expect(reportedAnswer({ text: 'Ich habe morgen eine Prüfung.' })).toBe('Ich habe morgen eine Prüfung.');
    expect(reportedAnswer({ words: ['I', 'like', 'white', 'and', 'blue'] })).toBe('I like white and blue');
    expect(reportedAnswer({ choice: 2 })).toBeUndefined();
  });

  it('writes the answer into the report only when the marking is disputed', () => {
    const path = { exercise: { id: 9, type: 11 } };
    expect(feedbackText(path, ['wrong-answer-marking'], 'We are flying to Rome.')).toContain(
      'Answer: We are flying to Rome.',
    );
    expect(feedbackText(path, ['text-error'], 'We are flying to Rome.')).not.toContain('Answer:');
  });
});
