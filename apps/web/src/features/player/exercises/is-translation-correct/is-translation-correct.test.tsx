// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  continueButton,
  mainButton,
  playExercise,
  resultPanel,
  servedExercise,
  title,
} from '../play-exercise.tsx';

const rightTranslation = servedExercise(2, {
  type2_word: 'el perro',
  type2_translation: 'the dog',
  type2_image: '1F415',
  type2_isCorrect: true,
});
const wrongTranslation = servedExercise(2, {
  type2_word: 'la casa',
  type2_translation: 'the car',
  type2_isCorrect: false,
});

const notProperly = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Not properly' });

describe('is the translation correct (type 2)', () => {
  it('shows the word, its picture and the translation to judge, with both answers ready', () => {
    playExercise(rightTranslation);
    expect(title().textContent).toBe('Is the translation correct?');
    expect(screen.getByText('el perro').getAttribute('lang')).toBe('es');
    expect(screen.getByRole('img', { name: 'el perro' }).getAttribute('src')).toBe(
      '/media/pictures/1F415.svg',
    );
    expect(screen.getByText('Translation').nextElementSibling?.textContent).toBe('the dog');
    // Nothing to prepare: both answers can be given at once.
    expect(mainButton('Right').disabled).toBe(false);
    expect(notProperly().disabled).toBe(false);
    expect(screen.queryByRole('button', { name: 'Check' })).toBeNull();
  });

  it('a word without a picture shows no picture', () => {
    playExercise(wrongTranslation);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('la casa')).not.toBeNull();
  });

  it("'Right' answers at once and sends the verdict", async () => {
    const { user, sentAnswers } = playExercise(rightTranslation);
    await user.click(mainButton('Right'));
    expect(resultPanel().textContent).toBe('Correct!+1 point');
    await user.click(continueButton());
    expect(sentAnswers()).toEqual([{ exerciseId: 7101, answer: { verdict: 'right' } }]);
  });

  it("'Not properly' on a right translation is a mistake", async () => {
    const { user } = playExercise(rightTranslation);
    await user.click(notProperly());
    expect(resultPanel().textContent).toBe('IncorrectThat is not right. Keep going, it will come back.');
  });

  it("key 2 answers 'not properly' (key 1 'right'); Enter alone answers nothing", async () => {
    const { user, sentAnswers } = playExercise(wrongTranslation);
    await user.keyboard('{Enter}');
    expect(document.querySelector('.result-panel')).toBeNull();
    await user.keyboard('2');
    expect(resultPanel().textContent).toBe('Correct!+1 point');
    await user.keyboard('1');
    await user.click(continueButton());
    expect(sentAnswers()).toEqual([{ exerciseId: 7101, answer: { verdict: 'not-properly' } }]);
  });
});
