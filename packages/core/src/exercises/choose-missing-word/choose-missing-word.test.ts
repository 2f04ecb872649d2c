import { describe, expect, it } from 'vitest';
import { testExercise } from '../exercise-factory.ts';
import { checkAnswer, exerciseSchema, InvalidAnswerError, titleFor } from '../registry.ts';

const exercise = testExercise(8, {
  type8_sentence: 'She ___ to school every day.',
  type8_answer: ['go', 'goes', 'going', 'gone'],
  type8_isCorrect: [false, true, false, false],
  type8_translation: 'Ella va a la escuela cada día.',
});

describe('type 8 choose the missing word', () => {
  it('checks the chosen answer', () => {
    expect(checkAnswer(exercise, { choice: 1 })).toMatchObject({ correct: true, rightAnswer: 'goes' });
    expect(checkAnswer(exercise, { choice: 0 })).toMatchObject({ correct: false, answered: false });
  });
  it('rejects malformed answers', () => {
    expect(() => checkAnswer(exercise, { choice: 'goes' })).toThrow(InvalidAnswerError);
  });
  it('has a fixed title', () => {
    expect(titleFor(exercise)).toEqual({ kind: 'label', label: 'exercise-title-8' });
  });
  it('needs one flag per answer', () => {
    expect(exerciseSchema.safeParse(exercise).success).toBe(true);
    expect(exerciseSchema.safeParse({ ...exercise, type8_answer: ['go', 'goes'] }).success).toBe(false);
  });
});
