import { describe, expect, it } from 'vitest';
import { testExercise } from '../exercises/exercise-factory.ts';
import { answerRecords } from './answer-records.ts';

const write = {
  ...testExercise(13, { type13_word_or_phrase: 'Guten Morgen', type13_correct_answers: ['Guten Morgen'] }),
  id: 1,
};
const choose = {
  ...testExercise(5, {
    type5_word: 'der Hund',
    type5_translation: ['dog', 'cat'],
    type5_isCorrect: [true, false],
  }),
  id: 2,
};
const listen = { ...testExercise(1, { type1_word: 'Hallo', type1_image: 'wave' }), id: 3 };

describe('answer records', () => {
  it('classifies right, wrong, typo and accent, and leaves out what tests nothing', () => {
    const records = answerRecords(
      [write, choose, listen],
      [
        { exerciseId: 3, answer: {} },
        { exerciseId: 2, answer: { choice: 1 }, responseMs: 900 },
        { exerciseId: 2, answer: { choice: 0 }, responseMs: 800 },
        { exerciseId: 1, answer: { text: 'Gutne Morgen' } },
        { exerciseId: 1, answer: { skipped: true } },
        { exerciseId: 99, answer: { text: 'x' } },
      ],
    );
    expect(records).toEqual([
      { exerciseId: 2, type: 5, result: 'wrong', responseMs: 900, position: 1 },
      { exerciseId: 2, type: 5, result: 'right', responseMs: 800, position: 2 },
      { exerciseId: 1, type: 13, result: 'typo', responseMs: null, position: 3 },
    ]);
  });
});
