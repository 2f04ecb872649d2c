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

const fields = {
  type3_word: 'the dog',
  type3_image: '1F415',
  type3_translation: ['el gato', 'el perro', 'el pájaro'],
  type3_isCorrect: [false, true, false],
};
const withOptionPictures = servedExercise(3, { ...fields, type3_images: ['1F408', '1F415', '1F426'] });
const withOnePicture = servedExercise(3, fields);

const option = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
const optionButtons = () => within(screen.getByRole('list', { name: 'Answers' })).getAllByRole('button');

describe('choose the picture by its translation (type 3)', () => {
  it('with a picture per option: the word is the title and each option shows its picture', () => {
    playExercise(withOptionPictures);
    expect(title().textContent).toBe('the dog');
    const pictures = optionButtons().map((button) => button.querySelector('img')?.getAttribute('src'));
    expect(pictures).toEqual([
      '/media/pictures/1F408.svg',
      '/media/pictures/1F415.svg',
      '/media/pictures/1F426.svg',
    ]);
    expect(screen.queryByRole('img', { name: 'Picture' })).toBeNull();
    expect(screen.getByRole('list', { name: 'Answers' }).className).toContain('options--pictures');
  });

  it('without option pictures: the word’s picture heads written options', () => {
    playExercise(withOnePicture);
    expect(screen.getByRole('img', { name: 'Picture' }).getAttribute('src')).toBe(
      '/media/pictures/1F415.svg',
    );
    expect(optionButtons().map((button) => button.textContent)).toEqual([
      '1el gato',
      '2el perro',
      '3el pájaro',
    ]);
    expect(optionButtons().every((button) => button.querySelector('img') === null)).toBe(true);
  });

  it('keeps Check off until an option is picked, then sends it', async () => {
    const { user, sentAnswers } = playExercise(withOptionPictures);
    expect(mainButton('Check').disabled).toBe(true);
    await user.click(option('el perro'));
    expect(option('el perro').getAttribute('aria-pressed')).toBe('true');
    await user.click(mainButton('Check'));
    expect(resultPanel().textContent).toContain('Correct!');
    await user.click(continueButton());
    expect(sentAnswers()).toEqual([{ exerciseId: 7101, answer: { choice: 1 } }]);
  });

  it('a wrong pick by number key names the right option', async () => {
    const { user } = playExercise(withOnePicture);
    await user.keyboard('3');
    await user.keyboard('{Enter}');
    expect(resultPanel().textContent).toBe('IncorrectRight answer: el perro');
    expect(option('el pájaro').className).toContain('option--wrong');
  });
});
