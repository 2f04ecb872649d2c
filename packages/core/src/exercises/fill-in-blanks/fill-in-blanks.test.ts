import { describe, expect, it } from 'vitest';
import { testExercise } from '../exercise-factory.ts';
import { checkAnswer, exerciseSchema, InvalidAnswerError } from '../registry.ts';
import { blankOptions, missingWords } from './fill-in-blanks.ts';

const exercise = testExercise(10, {
  type10_sentence: 'Je suis très content.',
  type10_options: 'suis; es; très; trop',
  type10_missing_words: 'suis; très',
  type10_translation: 'I am very happy.',
});

describe('type 10 fill in the blanks', () => {
  it('reads options and missing words', () => {
    expect(blankOptions(exercise)).toEqual(['suis', 'es', 'très', 'trop']);
    expect(missingWords(exercise)).toEqual(['suis', 'très']);
  });
  it('is correct when the completed sentence equals the sentence, ignoring case', () => {
    expect(checkAnswer(exercise, { words: ['Je', 'suis', 'très', 'content.'] })).toMatchObject({
      correct: true,
      rightAnswer: 'Je suis très content.',
    });
    expect(checkAnswer(exercise, { words: ['je', 'SUIS', 'TRÈS', 'content'] }).correct).toBe(true);
    expect(checkAnswer(exercise, { words: ['Je', 'suis', 'tre\u0300s', 'content.'] }).correct).toBe(true);
  });
  it('is wrong with another word', () => {
    expect(checkAnswer(exercise, { words: ['Je', 'es', 'très', 'content.'] }).correct).toBe(false);
  });
  it('accepts a missing accent but points at it', () => {
    const result = checkAnswer(exercise, { words: ['Je', 'suis', 'tres', 'content.'] });
    expect(result.correct).toBe(true);
    expect(result.typed?.verdict).toBe('accent');
    expect(result.typed?.segments.filter((segment) => segment.fix).map((s) => s.text)).toEqual(['è']);
  });
  it('rejects malformed answers', () => {
    expect(() => checkAnswer(exercise, { words: [] })).toThrow(InvalidAnswerError);
    expect(() => checkAnswer(exercise, { choice: 0 })).toThrow(InvalidAnswerError);
  });
  it('needs each missing word among the options and in the sentence', () => {
    expect(exerciseSchema.safeParse(exercise).success).toBe(true);
    expect(exerciseSchema.safeParse({ ...exercise, type10_options: 'es; trop' }).success).toBe(false);
    expect(exerciseSchema.safeParse({ ...exercise, type10_missing_words: 'es' }).success).toBe(false);
  });
});
