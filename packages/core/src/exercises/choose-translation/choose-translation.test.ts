import { describe, expect, it } from 'vitest';
import { testExercise } from '../exercise-factory.ts';
import { checkAnswer, exerciseSchema, InvalidAnswerError, titleFor } from '../registry.ts';

const exercise = testExercise(5, {
  type5_word: 'house',
  type5_translation: ['casa', 'perro'],
  type5_isCorrect: [true, false],
});

describe('type 5 choose a translation', () => {
  it('checks the chosen option', () => {
    expect(checkAnswer(exercise, { choice: 0 })).toMatchObject({ correct: true, rightAnswer: 'casa' });
    expect(checkAnswer(exercise, { choice: 1 })).toMatchObject({ correct: false, rightAnswer: 'casa' });
  });
  it('rejects malformed answers', () => {
    expect(() => checkAnswer(exercise, { words: ['casa'] })).toThrow(InvalidAnswerError);
  });
  it("shows 'choose «word»'", () => {
    expect(titleFor(exercise)).toEqual({ kind: 'choose', word: 'house' });
  });
  it('validates its option lists', () => {
    expect(exerciseSchema.safeParse(exercise).success).toBe(true);
    expect(exerciseSchema.safeParse({ ...exercise, type5_translation: ['casa', ''] }).success).toBe(false);
    expect(exerciseSchema.safeParse({ ...exercise, type5_isCorrect: [true, false, false] }).success).toBe(
      false,
    );
  });
});
