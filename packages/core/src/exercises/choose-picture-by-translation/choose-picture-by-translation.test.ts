import { describe, expect, it } from 'vitest';
import { testExercise } from '../exercise-factory.ts';
import { checkAnswer, exerciseSchema, InvalidAnswerError, titleFor } from '../registry.ts';

const exercise = testExercise(3, {
  type3_word: 'perro',
  type3_image: 'dog.png',
  type3_translation: ['cat', 'dog', 'bird'],
  type3_isCorrect: [false, true, false],
});

describe('type 3 choose a picture by translation', () => {
  it('is correct when the chosen option is flagged correct', () => {
    expect(checkAnswer(exercise, { choice: 1 })).toEqual({
      correct: true,
      answered: true,
      outcome: 'right',
      rightAnswer: 'dog',
    });
  });
  it('is wrong for another option or one out of range, and stays in the queue', () => {
    expect(checkAnswer(exercise, { choice: 0 })).toMatchObject({
      correct: false,
      answered: false,
      rightAnswer: 'dog',
    });
    expect(checkAnswer(exercise, { choice: 3 }).correct).toBe(false);
  });
  it('rejects malformed choices', () => {
    for (const answer of [{ choice: -1 }, { choice: 1.5 }, { choice: '1' }, { text: 'dog' }, {}]) {
      expect(() => checkAnswer(exercise, answer)).toThrow(InvalidAnswerError);
    }
  });
  it('shows the word as its title', () => {
    expect(titleFor(exercise)).toEqual({ kind: 'text', text: 'perro' });
  });
  it('needs one flag per option and exactly one correct option', () => {
    expect(exerciseSchema.safeParse(exercise).success).toBe(true);
    expect(exerciseSchema.safeParse({ ...exercise, type3_isCorrect: [false, true] }).success).toBe(false);
    expect(exerciseSchema.safeParse({ ...exercise, type3_isCorrect: [true, true, false] }).success).toBe(
      false,
    );
    expect(exerciseSchema.safeParse({ ...exercise, type3_isCorrect: [false, false, false] }).success).toBe(
      false,
    );
    expect(
      exerciseSchema.safeParse({ ...exercise, type3_translation: ['dog'], type3_isCorrect: [true] }).success,
    ).toBe(false);
  });
});
