import { describe, expect, it } from 'vitest';
import { testExercise } from '../exercise-factory.ts';
import {
  checkAnswer,
  exerciseSchema,
  hasNotProperlyButton,
  InvalidAnswerError,
  titleFor,
} from '../registry.ts';
import { isTranslationCorrect } from './is-translation-correct.ts';

const rightTranslation = testExercise(2, { type2_translation: 'la manzana', type2_isCorrect: true });
const wrongTranslation = testExercise(2, { type2_translation: 'el perro', type2_isCorrect: false });

describe('type 2 is the translation correct', () => {
  it("'right' is correct exactly when the translation is correct", () => {
    expect(checkAnswer(rightTranslation, { verdict: 'right' })).toEqual({
      correct: true,
      answered: true,
      outcome: 'right',
    });
    expect(checkAnswer(wrongTranslation, { verdict: 'right' }).correct).toBe(false);
  });
  it("'not properly' is correct exactly when the translation is wrong", () => {
    expect(checkAnswer(wrongTranslation, { verdict: 'not-properly' }).correct).toBe(true);
    expect(checkAnswer(rightTranslation, { verdict: 'not-properly' })).toEqual({
      correct: false,
      answered: false,
      outcome: 'wrong',
    });
  });
  it('shows no right answer', () => {
    expect(checkAnswer(wrongTranslation, { verdict: 'right' }).rightAnswer).toBeUndefined();
  });
  it('rejects malformed answers', () => {
    for (const answer of [
      { verdict: 'wrong' },
      { verdict: true },
      { choice: 0 },
      {},
      { verdict: 'right', x: 1 },
    ]) {
      expect(() => checkAnswer(rightTranslation, answer)).toThrow(InvalidAnswerError);
    }
  });
  it('has right and not-properly buttons and a fixed title', () => {
    expect(isTranslationCorrect.mainButton).toBe('right');
    expect(hasNotProperlyButton(2)).toBe(true);
    expect(titleFor(rightTranslation)).toEqual({ kind: 'label', label: 'exercise-title-2' });
  });
  it('needs a boolean flag', () => {
    expect(exerciseSchema.safeParse({ ...rightTranslation, type2_isCorrect: 'true' }).success).toBe(false);
  });
});
