import { describe, expect, it } from 'vitest';
import { testExercise } from '../exercise-factory.ts';
import { checkAnswer, exerciseSchema, InvalidAnswerError, titleFor } from '../registry.ts';

const exercise = testExercise(12, {
  type12_sentence: 'Where is the station?',
  type12_translation: ['¿Dónde está la estación?', '¿Qué hora es?', '¿Cómo estás?'],
  type12_isCorrect: [true, false, false],
});

describe('type 12 choose the correct translation', () => {
  it('checks the chosen option', () => {
    expect(checkAnswer(exercise, { choice: 0 })).toMatchObject({
      correct: true,
      rightAnswer: '¿Dónde está la estación?',
    });
    expect(checkAnswer(exercise, { choice: 2 }).correct).toBe(false);
  });
  it('rejects malformed answers', () => {
    expect(() => checkAnswer(exercise, { choice: 0, skipped: true })).toThrow(InvalidAnswerError);
  });
  it('has a fixed title', () => {
    expect(titleFor(exercise)).toEqual({ kind: 'label', label: 'exercise-title-12' });
  });
  it('needs exactly one correct translation', () => {
    expect(exerciseSchema.safeParse({ ...exercise, type12_isCorrect: [true, true, false] }).success).toBe(
      false,
    );
  });
});
