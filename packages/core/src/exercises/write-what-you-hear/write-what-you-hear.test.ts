import { describe, expect, it } from 'vitest';
import { testExercise } from '../exercise-factory.ts';
import { audioPhraseFor, checkAnswer, exerciseSchema, InvalidAnswerError } from '../registry.ts';

const exercise = testExercise(13, {
  type13_word_or_phrase: 'See you later',
  type13_correct_answers: ['See you later', 'See ya later'],
});

describe('type 13 write what you hear', () => {
  it('accepts any listed answer, case-insensitive, with normalised spacing', () => {
    expect(checkAnswer(exercise, { text: 'see you later' })).toMatchObject({
      correct: true,
      rightAnswer: 'See you later',
    });
    expect(checkAnswer(exercise, { text: ' SEE  YA LATER! ' }).correct).toBe(true);
  });
  it('accepts one slip in a long word, rejects more', () => {
    expect(checkAnswer(exercise, { text: 'see you latter' }).typed?.verdict).toBe('typo');
    expect(checkAnswer(exercise, { text: 'sea you latter' })).toMatchObject({
      correct: false,
      answered: false,
    });
  });
  it('rejects malformed answers', () => {
    expect(() => checkAnswer(exercise, { text: '' })).toThrow(InvalidAnswerError);
  });
  it('plays the phrase', () => {
    expect(audioPhraseFor(exercise)).toBe('See you later');
  });
  it('needs at least one non-empty answer', () => {
    expect(exerciseSchema.safeParse({ ...exercise, type13_correct_answers: [] }).success).toBe(false);
    expect(exerciseSchema.safeParse({ ...exercise, type13_correct_answers: [' '] }).success).toBe(false);
  });
});
