import { describe, expect, it } from 'vitest';
import { testExercise } from '../exercise-factory.ts';
import { checkAnswer, exerciseSchema, InvalidAnswerError, titleFor } from '../registry.ts';

const fields = {
  type15_image: 'sun.png',
  type15_translation: 'el sol',
  type15_word: 'sun',
  type15_title: 'Is this right?',
};
const right = testExercise(15, { ...fields, type15_isCorrect: true });
const wrong = testExercise(15, { ...fields, type15_isCorrect: false });

describe('type 15 image, translation and word', () => {
  it("'right' follows the exercise's own value", () => {
    expect(checkAnswer(right, { verdict: 'right' }).correct).toBe(true);
    expect(checkAnswer(wrong, { verdict: 'right' }).correct).toBe(false);
  });
  it("'not properly' is correct exactly when the translation is wrong", () => {
    expect(checkAnswer(wrong, { verdict: 'not-properly' }).correct).toBe(true);
    expect(checkAnswer(right, { verdict: 'not-properly' }).correct).toBe(false);
  });
  it('shows no right answer and uses its own title', () => {
    expect(checkAnswer(right, { verdict: 'not-properly' }).rightAnswer).toBeUndefined();
    expect(titleFor(right)).toEqual({ kind: 'text', text: 'Is this right?' });
  });
  it('rejects malformed answers and fields', () => {
    expect(() => checkAnswer(right, { verdict: 'not properly' })).toThrow(InvalidAnswerError);
    expect(exerciseSchema.safeParse({ ...right, type15_title: '' }).success).toBe(false);
  });
});
