import { describe, expect, it } from 'vitest';
import { testExercise } from '../exercise-factory.ts';
import { audioPhraseFor, checkAnswer, exerciseSchema, titleFor } from '../registry.ts';
import { listenAndChooseOptions } from './listen-and-choose.ts';

const exercise = testExercise(6, {
  type6_word: 'Good morning',
  type6_translation: 'Buenas noches; Buenos días; Hola',
  type6_isCorrect: [false, true, false],
});

describe('type 6 listen and choose', () => {
  it('reads the options from the semicolon-separated translation', () => {
    expect(listenAndChooseOptions(exercise)).toEqual(['Buenas noches', 'Buenos días', 'Hola']);
  });
  it('checks the chosen option and shows the correct one', () => {
    expect(checkAnswer(exercise, { choice: 1 })).toMatchObject({ correct: true, rightAnswer: 'Buenos días' });
    expect(checkAnswer(exercise, { choice: 2 })).toMatchObject({
      correct: false,
      rightAnswer: 'Buenos días',
    });
  });
  it('plays the heard phrase under a fixed title', () => {
    expect(audioPhraseFor(exercise)).toBe('Good morning');
    expect(titleFor(exercise)).toEqual({ kind: 'label', label: 'exercise-title-6' });
  });
  it('needs one flag per option', () => {
    expect(exerciseSchema.safeParse(exercise).success).toBe(true);
    expect(exerciseSchema.safeParse({ ...exercise, type6_translation: 'Hola; Adiós' }).success).toBe(false);
    expect(exerciseSchema.safeParse({ ...exercise, type6_translation: ['a', 'b', 'c'] }).success).toBe(false);
  });
});
