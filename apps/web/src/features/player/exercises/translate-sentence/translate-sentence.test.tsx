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

const exercise = servedExercise(9, {
  type9_sentence: 'What is your name?',
  type9_word_choice: 'llamas?; se; ¿Cómo; llamo; te',
  type9_in_correct_order: '¿Cómo te llamas?',
});

const bank = () => screen.getByRole('list', { name: 'Words to choose from' });
const answerLine = () => screen.getByRole('group', { name: 'Your sentence' });
const bankChip = (word: string) => within(bank()).getByRole('button', { name: word });
const placedWords = () =>
  within(answerLine())
    .queryAllByRole('button')
    .map((chip) => chip.textContent);

describe('translate the sentence (type 9)', () => {
  it('shows the sentence to translate, an empty answer line and the word chips', () => {
    playExercise(exercise);
    expect(title().textContent).toBe('Translate the sentence');
    expect(screen.getByText('What is your name?')).not.toBeNull();
    expect(answerLine().textContent).toBe('Tap the words below to build the sentence.');
    expect(answerLine().getAttribute('lang')).toBe('es');
    expect(
      within(bank())
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['llamas?', 'se', '¿Cómo', 'llamo', 'te']);
  });

  it('tapped chips move to the answer line in order; Check sends the words', async () => {
    const { user, sentAnswers } = playExercise(exercise);
    expect(mainButton('Check').disabled).toBe(true);
    await user.click(bankChip('¿Cómo'));
    expect(mainButton('Check').disabled).toBe(false);
    await user.click(bankChip('te'));
    await user.click(bankChip('llamas?'));
    expect(placedWords()).toEqual(['¿Cómo', 'te', 'llamas?']);
    // A placed chip leaves an empty slot behind, no longer a button.
    expect(within(bank()).queryByRole('button', { name: 'te' })).toBeNull();
    expect(within(bank()).getAllByRole('button')).toHaveLength(2);

    await user.click(mainButton('Check'));
    expect(resultPanel().textContent).toBe('Correct!+1 pointRight answer: ¿Cómo te llamas?');
    await user.click(continueButton());
    expect(sentAnswers()).toEqual([{ exerciseId: 7101, answer: { words: ['¿Cómo', 'te', 'llamas?'] } }]);
  });

  it('tapping a placed chip takes it back; an empty line turns Check off again', async () => {
    const { user } = playExercise(exercise);
    await user.click(bankChip('se'));
    await user.click(bankChip('llamo'));
    await user.click(within(answerLine()).getByRole('button', { name: 'se' }));
    expect(placedWords()).toEqual(['llamo']);
    expect(bankChip('se')).not.toBeNull();
    await user.click(within(answerLine()).getByRole('button', { name: 'llamo' }));
    expect(placedWords()).toEqual([]);
    expect(mainButton('Check').disabled).toBe(true);
  });

  it('number keys pick chips; a wrong order names the right sentence and locks the chips', async () => {
    const { user } = playExercise(exercise);
    await user.keyboard('3');
    await user.keyboard('1');
    await user.keyboard('5');
    expect(placedWords()).toEqual(['¿Cómo', 'llamas?', 'te']);
    await user.keyboard('{Enter}');
    expect(resultPanel().textContent).toBe('IncorrectRight answer: ¿Cómo te llamas?');
    const placed = within(answerLine()).getAllByRole<HTMLButtonElement>('button');
    expect(placed.every((chip) => chip.disabled)).toBe(true);
    expect(
      within(bank())
        .getAllByRole<HTMLButtonElement>('button')
        .every((chip) => chip.disabled),
    ).toBe(true);
  });
});
