import { checkAnswer } from '@parlo/core/exercises/registry';
import { testExercise } from '@parlo/core/exercises/exercise-factory';
import { describe, expect, it } from 'vitest';
import { blankSentence, filledWords } from './blanks.ts';

const exercise = testExercise(10, {
  type10_sentence: 'Wir wohnen in Berlin.',
  type10_options: 'wohnen; wohnt; in; an',
  type10_missing_words: 'wohnen; in',
  type10_translation: 'We live in Berlin.',
});

describe('fill-in-blanks sentence', () => {
  it('blanks the missing words in order', () => {
    expect(blankSentence(exercise)).toEqual({ tokens: ['Wir', 'wohnen', 'in', 'Berlin.'], blanks: [1, 2] });
  });

  it('blanks repeated words at their next occurrence', () => {
    const sentence = blankSentence({
      type10_sentence: 'in der Stadt in Bayern',
      type10_missing_words: 'in; in',
    });
    expect(sentence.blanks).toEqual([0, 3]);
  });

  it('has no answer until every blank is filled, then one the core check accepts', () => {
    const sentence = blankSentence(exercise);
    expect(filledWords(sentence, ['wohnen', undefined])).toBeUndefined();
    const words = filledWords(sentence, ['wohnen', 'in']);
    expect(words).toEqual(['Wir', 'wohnen', 'in', 'Berlin.']);
    expect(checkAnswer(exercise, { words }).correct).toBe(true);
    expect(checkAnswer(exercise, { words: filledWords(sentence, ['wohnt', 'an']) }).correct).toBe(false);
  });

  it('keeps the punctuation after a blanked word', () => {
    const sentence = blankSentence({ type10_sentence: 'Ja, ich komme.', type10_missing_words: 'ja; komme' });
    expect(filledWords(sentence, ['Ja', 'komme'])).toEqual(['Ja,', 'ich', 'komme.']);
  });
});
