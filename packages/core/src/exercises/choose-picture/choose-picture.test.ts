import { describe, expect, it } from 'vitest';
import { testExercise } from '../exercise-factory.ts';
import { checkAnswer, exerciseSchema, InvalidAnswerError, titleFor } from '../registry.ts';

const exercise = testExercise(4, { type4_word: 'gato', type4_isCorrect: [false, false, true, false] });

describe('type 4 choose a picture', () => {
  it('is correct when the chosen picture is flagged correct', () => {
    expect(checkAnswer(exercise, { choice: 2 })).toEqual({ correct: true, answered: true, outcome: 'right' });
  });
  it('is wrong otherwise and shows no right answer', () => {
    expect(checkAnswer(exercise, { choice: 0 })).toEqual({
      correct: false,
      answered: false,
      outcome: 'wrong',
    });
  });
  it('rejects malformed answers', () => {
    expect(() => checkAnswer(exercise, { choice: null })).toThrow(InvalidAnswerError);
    expect(() => checkAnswer(exercise, { choice: 2, extra: true })).toThrow(InvalidAnswerError);
  });
  it("shows 'choose «word»'", () => {
    expect(titleFor(exercise)).toEqual({ kind: 'choose', word: 'gato' });
  });
  it('needs exactly one correct picture', () => {
    expect(exerciseSchema.safeParse({ ...exercise, type4_isCorrect: [true, true] }).success).toBe(false);
    expect(exerciseSchema.safeParse({ ...exercise, type4_isCorrect: [] }).success).toBe(false);
  });
});
