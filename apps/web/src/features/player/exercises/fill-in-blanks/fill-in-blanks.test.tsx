// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  continueButton,
  mainButton,
  playExercise,
  resultPanel,
  servedExercise,
  title,
} from '../play-exercise.tsx';

const exercise = servedExercise(10, {
  type10_sentence: 'Me llamo Ana y tengo veinte años.',
  type10_options: 'tienes; llamo; tengo; llamas',
  type10_missing_words: 'llamo; tengo',
  type10_translation: 'My name is Ana and I am twenty.',
});

const bank = () => screen.getByRole('list', { name: 'Words to choose from' });
const chip = (word: string) => within(bank()).getByRole('button', { name: word });
const blank = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
const sentence = () =>
  screen.getByText('My name is Ana and I am twenty.').previousElementSibling as HTMLElement;

describe('fill in the blanks (type 10)', () => {
  it('shows the sentence with its blanks empty, its translation and the chips', () => {
    playExercise(exercise);
    expect(title().textContent).toBe('Fill in the blanks');
    expect(sentence().textContent).toBe('Me \u00a0 Ana y \u00a0 veinte años.');
    expect(blank('Blank 1, empty').disabled).toBe(true);
    expect(blank('Blank 2, empty').disabled).toBe(true);
    expect(
      within(bank())
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['tienes', 'llamo', 'tengo', 'llamas']);
  });

  it('chips fill the blanks in order; Check waits for every blank and sends the whole sentence', async () => {
    const { user, sentAnswers } = playExercise(exercise);
    await user.click(chip('llamo'));
    expect(sentence().textContent).toBe('Me llamo Ana y \u00a0 veinte años.');
    expect(mainButton('Check').disabled).toBe(true);
    await user.click(chip('tengo'));
    expect(sentence().textContent).toBe('Me llamo Ana y tengo veinte años.');
    expect(mainButton('Check').disabled).toBe(false);

    await user.click(mainButton('Check'));
    expect(resultPanel().textContent).toContain('Correct!');
    await user.click(continueButton());
    expect(sentAnswers()).toEqual([
      {
        exerciseId: 7101,
        answer: { words: ['Me', 'llamo', 'Ana', 'y', 'tengo', 'veinte', 'años.'] },
      },
    ]);
  });

  it('tapping a filled blank empties it and gives its chip back', async () => {
    const { user } = playExercise(exercise);
    await user.click(chip('llamas'));
    await user.click(chip('tengo'));
    expect(within(bank()).queryByRole('button', { name: 'llamas' })).toBeNull();
    await user.click(blank('Blank 1: llamas. Tap to take it back'));
    expect(blank('Blank 1, empty')).not.toBeNull();
    expect(mainButton('Check').disabled).toBe(true);
    // The next chip goes to the first empty blank.
    await user.click(chip('llamo'));
    expect(sentence().textContent).toBe('Me llamo Ana y tengo veinte años.');
    expect(chip('llamas')).not.toBeNull();
  });

  it('number keys fill the blanks; a wrong word names the sentence and locks the blanks', async () => {
    const { user } = playExercise(exercise);
    await user.keyboard('2');
    await user.keyboard('1');
    expect(sentence().textContent).toBe('Me llamo Ana y tienes veinte años.');
    await user.keyboard('{Enter}');
    expect(resultPanel().textContent).toBe('IncorrectRight answer: Me llamo Ana y tengo veinte años.');
    expect(blank('Blank 2: tienes. Tap to take it back').disabled).toBe(true);
  });
});
