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

const exercise = servedExercise(5, {
  type5_word: 'la manzana',
  type5_translation: ['the pear', 'the apple', 'the orange'],
  type5_isCorrect: [false, true, false],
});

const option = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

describe('choose the translation (type 5)', () => {
  it('asks for the word and offers its translations, numbered', () => {
    playExercise(exercise);
    expect(title().textContent).toBe('Choose «\u2068la manzana\u2069»');
    const options = within(screen.getByRole('list', { name: 'Answers' })).getAllByRole('button');
    expect(options.map((button) => button.textContent)).toEqual(['1the pear', '2the apple', '3the orange']);
    expect(options.every((button) => button.getAttribute('aria-pressed') === 'false')).toBe(true);
  });

  it('keeps Check off until an option is chosen, then sends the chosen option', async () => {
    const { user, sentAnswers } = playExercise(exercise);
    expect(mainButton('Check').disabled).toBe(true);

    await user.click(option('the pear'));
    await user.click(option('the apple'));
    expect(option('the apple').getAttribute('aria-pressed')).toBe('true');
    expect(option('the pear').getAttribute('aria-pressed')).toBe('false');
    expect(mainButton('Check').disabled).toBe(false);

    await user.click(mainButton('Check'));
    expect(resultPanel().textContent).toContain('Correct!');
    await user.click(continueButton());
    expect(sentAnswers()).toEqual([{ exerciseId: 7101, answer: { choice: 1 } }]);
  });

  it('after a wrong choice shows the right translation, locks the options and asks again', async () => {
    const { user, sentAnswers, finished } = playExercise(exercise);
    await user.click(option('the orange'));
    await user.click(mainButton('Check'));

    expect(resultPanel().textContent).toBe('IncorrectRight answer: the apple');
    expect(option('the orange').className).toContain('option--wrong');
    expect(option('the pear').disabled).toBe(true);

    await user.click(continueButton());
    expect(finished).not.toHaveBeenCalled();
    expect(mainButton('Check').disabled).toBe(true);
    await user.click(option('the apple'));
    await user.click(mainButton('Check'));
    await user.click(continueButton());
    expect(sentAnswers().map(({ answer }) => answer)).toEqual([{ choice: 2 }, { choice: 1 }]);
  });

  it('number keys choose an option and Enter checks it', async () => {
    const { user, sentAnswers } = playExercise(exercise);
    await user.keyboard('2');
    expect(option('the apple').getAttribute('aria-pressed')).toBe('true');
    await user.keyboard('{Enter}');
    expect(resultPanel().textContent).toContain('Correct!');
    await user.keyboard('{Enter}');
    expect(sentAnswers()).toEqual([{ exerciseId: 7101, answer: { choice: 1 } }]);
  });
});
