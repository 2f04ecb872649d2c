// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_IMAGE } from '../../../../components/ui/img.tsx';
import {
  continueButton,
  mainButton,
  playExercise,
  resultPanel,
  servedExercise,
  title,
} from '../play-exercise.tsx';

const exercise = servedExercise(4, {
  type4_word: 'el gato',
  type4_isCorrect: [false, false, true, false],
  type4_images: ['1F415', '1F426', '1F408', '1F41F'],
});

const picture = (n: number) => screen.getByRole<HTMLButtonElement>('button', { name: `Picture ${n}` });

describe('choose the picture (type 4)', () => {
  it('asks for the word and offers one numbered picture per option', () => {
    playExercise(exercise);
    expect(title().textContent).toBe('Choose «\u2068el gato\u2069»');
    const options = within(screen.getByRole('list', { name: 'Answers' })).getAllByRole('button');
    expect(options.map((button) => button.querySelector('img')?.getAttribute('src'))).toEqual([
      '/media/pictures/1F415.svg',
      '/media/pictures/1F426.svg',
      '/media/pictures/1F408.svg',
      '/media/pictures/1F41F.svg',
    ]);
    expect(picture(3).querySelector('img')?.getAttribute('alt')).toBe('Picture 3');
  });

  it('keeps Check off until a picture is chosen, then sends it', async () => {
    const { user, sentAnswers } = playExercise(exercise);
    expect(mainButton('Check').disabled).toBe(true);
    await user.click(picture(3));
    expect(picture(3).getAttribute('aria-pressed')).toBe('true');
    expect(mainButton('Check').disabled).toBe(false);
    await user.click(mainButton('Check'));
    expect(resultPanel().textContent).toBe('Correct!+1 point');
    await user.click(continueButton());
    expect(sentAnswers()).toEqual([{ exerciseId: 7101, answer: { choice: 2 } }]);
  });

  it('a wrong picture gets the plain incorrect message, without naming a right answer', async () => {
    const { user } = playExercise(exercise);
    await user.keyboard('1');
    await user.keyboard('{Enter}');
    expect(resultPanel().textContent).toBe('IncorrectThat is not right. Keep going, it will come back.');
    expect(picture(1).className).toContain('option--wrong');
    expect(picture(3).disabled).toBe(true);
  });

  it('content without its pictures still shows one answerable card per option', async () => {
    const { user, sentAnswers } = playExercise(
      servedExercise(4, { type4_word: 'el gato', type4_isCorrect: [true, false] }),
    );
    const options = within(screen.getByRole('list', { name: 'Answers' })).getAllByRole('button');
    expect(options.map((button) => button.querySelector('img')?.getAttribute('src'))).toEqual([
      DEFAULT_IMAGE,
      DEFAULT_IMAGE,
    ]);
    await user.click(picture(1));
    await user.click(mainButton('Check'));
    await user.click(continueButton());
    expect(sentAnswers()).toEqual([{ exerciseId: 7101, answer: { choice: 0 } }]);
  });
});
