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

const exercise = servedExercise(8, {
  type8_sentence: 'Hoy ___ lunes.',
  type8_answer: ['son', 'eres', 'es', 'soy'],
  type8_isCorrect: [false, false, true, false],
  type8_translation: 'Today is Monday.',
});

const option = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
const sentence = () => screen.getByText('Today is Monday.').previousElementSibling as HTMLElement;

describe('choose the missing word (type 8)', () => {
  it('shows the sentence with an empty blank, its translation and the words to choose from', () => {
    playExercise(exercise);
    expect(title().textContent).toBe('Choose the missing word');
    expect(sentence().textContent).toBe('Hoy \u00a0 lunes.');
    expect(sentence().getAttribute('lang')).toBe('es');
    const options = within(screen.getByRole('list', { name: 'Answers' })).getAllByRole('button');
    expect(options.map((button) => button.textContent)).toEqual(['1son', '2eres', '3es', '4soy']);
  });

  it('the chosen word fills the blank; Check sends the chosen option', async () => {
    const { user, sentAnswers } = playExercise(exercise);
    expect(mainButton('Check').disabled).toBe(true);
    await user.click(option('eres'));
    expect(sentence().textContent).toBe('Hoy eres lunes.');
    await user.click(option('es'));
    expect(sentence().textContent).toBe('Hoy es lunes.');
    await user.click(mainButton('Check'));
    expect(resultPanel().textContent).toContain('Correct!');
    await user.click(continueButton());
    expect(sentAnswers()).toEqual([{ exerciseId: 7101, answer: { choice: 2 } }]);
  });

  it('a wrong word is checked with the number keys and Enter, and the right one is named', async () => {
    const { user } = playExercise(exercise);
    await user.keyboard('4');
    expect(sentence().textContent).toBe('Hoy soy lunes.');
    await user.keyboard('{Enter}');
    expect(resultPanel().textContent).toBe('IncorrectRight answer: es');
    expect(within(sentence()).getByText('soy').className).toContain('blank--wrong');
  });
});
