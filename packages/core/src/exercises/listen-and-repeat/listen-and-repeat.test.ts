import { describe, expect, it } from 'vitest';
import { testExercise } from '../exercise-factory.ts';
import { audioPhraseFor, checkAnswer, exerciseSchema, InvalidAnswerError, titleFor } from '../registry.ts';
import { highlightedWords, listenAndRepeat } from './listen-and-repeat.ts';

const exercise = testExercise(7, {
  type7_sentence: 'I like green apples.',
  type7_selected_words: 'green; apples',
  type7_translation: 'Me gustan las manzanas verdes.',
});

describe('type 7 listen and repeat', () => {
  it("is answered on 'further'", () => {
    expect(checkAnswer(exercise, {})).toMatchObject({ correct: true, answered: true, outcome: 'seen' });
    expect(listenAndRepeat.mainButton).toBe('further');
  });
  it('rejects anything but further or skip', () => {
    expect(() => checkAnswer(exercise, { text: 'I like green apples' })).toThrow(InvalidAnswerError);
  });
  it('plays the sentence and highlights the selected words', () => {
    expect(audioPhraseFor(exercise)).toBe('I like green apples.');
    expect(highlightedWords(exercise)).toEqual(['green', 'apples']);
    expect(titleFor(exercise)).toEqual({ kind: 'label', label: 'exercise-title-7' });
  });
  it('allows a sentence without highlighted words', () => {
    expect(exerciseSchema.safeParse({ ...exercise, type7_selected_words: '' }).success).toBe(true);
    expect(exerciseSchema.safeParse({ ...exercise, type7_sentence: '' }).success).toBe(false);
  });
});
