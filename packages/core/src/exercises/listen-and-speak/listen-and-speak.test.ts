import { describe, expect, it } from 'vitest';
import { testExercise } from '../exercise-factory.ts';
import { audioPhraseFor, checkAnswer, exerciseSchema, InvalidAnswerError, titleFor } from '../registry.ts';
import { listenAndSpeak } from './listen-and-speak.ts';

const exercise = testExercise(1, { type1_word: 'apple', type1_image: 'apple.png' });

describe('type 1 listen and speak', () => {
  it('is answered by pressing further, without testing anything', () => {
    expect(checkAnswer(exercise, {})).toEqual({
      correct: true,
      answered: true,
      outcome: 'seen',
      rightAnswer: 'apple',
    });
  });
  it('can be skipped', () => {
    expect(checkAnswer(exercise, { skipped: true })).toMatchObject({ answered: true, outcome: 'skipped' });
  });
  it('rejects answers of other types and cannot-talk', () => {
    expect(() => checkAnswer(exercise, { choice: 0 })).toThrow(InvalidAnswerError);
    expect(() => checkAnswer(exercise, { cannotTalk: true })).toThrow(InvalidAnswerError);
    expect(() => checkAnswer(exercise, null)).toThrow(InvalidAnswerError);
  });
  it('plays the word, shows a fixed title and a further button', () => {
    expect(audioPhraseFor(exercise)).toBe('apple');
    expect(titleFor(exercise)).toEqual({ kind: 'label', label: 'exercise-title-1' });
    expect(listenAndSpeak.mainButton).toBe('further');
  });
  it('validates its fields', () => {
    expect(exerciseSchema.safeParse(exercise).success).toBe(true);
    expect(exerciseSchema.safeParse({ ...exercise, type1_word: ' ' }).success).toBe(false);
    expect(listenAndSpeak.fieldsSchema.safeParse({ type1_word: 'apple' }).success).toBe(false);
  });
});
