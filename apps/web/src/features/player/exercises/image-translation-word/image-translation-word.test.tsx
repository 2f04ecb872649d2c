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

const exercise = servedExercise(15, {
  type15_title: 'Does the picture match the word?',
  type15_image: '1F34E',
  type15_word: 'la manzana',
  type15_translation: 'the pear',
  type15_isCorrect: false,
});

const notProperly = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Not properly' });

describe('picture, word and translation (type 15)', () => {
  it('shows the exercise’s own title, the picture, the word and the translation', () => {
    playExercise(exercise);
    expect(title().textContent).toBe('Does the picture match the word?');
    expect(screen.getByRole('img', { name: 'Picture' }).getAttribute('src')).toBe(
      '/media/pictures/1F34E.svg',
    );
    expect(screen.getByText('la manzana').getAttribute('lang')).toBe('es');
    expect(screen.getByText('Translation').nextElementSibling?.textContent).toBe('the pear');
    expect(mainButton('Right').disabled).toBe(false);
    expect(notProperly().disabled).toBe(false);
  });

  it("'Not properly' on a wrong translation is right, and the verdict is sent", async () => {
    const { user, sentAnswers } = playExercise(exercise);
    await user.click(notProperly());
    expect(resultPanel().textContent).toBe('Correct!+1 point');
    await user.click(continueButton());
    expect(sentAnswers()).toEqual([{ exerciseId: 7101, answer: { verdict: 'not-properly' } }]);
  });

  it("key 1 answers 'right', a mistake here; the exercise comes back after it", async () => {
    const { user, finished } = playExercise(exercise);
    await user.keyboard('1');
    expect(resultPanel().textContent).toBe('IncorrectThat is not right. Keep going, it will come back.');
    await user.click(continueButton());
    expect(finished).not.toHaveBeenCalled();
    expect(screen.getByText('la manzana')).not.toBeNull();
  });
});
