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

const exercise = servedExercise(12, {
  type12_sentence: '¿Dónde está la estación?',
  type12_translation: ['Where is the station?', 'When does the train leave?', 'Is the station far?'],
  type12_isCorrect: [true, false, false],
});

const option = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

describe('choose the correct translation (type 12)', () => {
  it('shows the sentence in the course language and its candidate translations', () => {
    playExercise(exercise);
    expect(title().textContent).toBe('Choose the correct translation');
    const sentence = screen.getByText('¿Dónde está la estación?');
    expect(sentence.getAttribute('lang')).toBe('es');
    const options = within(screen.getByRole('list', { name: 'Answers' })).getAllByRole('button');
    expect(options.map((button) => button.textContent?.slice(1))).toEqual(exercise.type12_translation);
  });

  it('keeps Check off until a translation is chosen, then sends the chosen one', async () => {
    const { user, sentAnswers } = playExercise(exercise);
    expect(mainButton('Check').disabled).toBe(true);
    await user.click(option('Where is the station?'));
    expect(mainButton('Check').disabled).toBe(false);
    await user.click(mainButton('Check'));
    expect(resultPanel().textContent).toContain('Correct!');
    expect(option('Where is the station?').className).toContain('option--right');
    await user.click(continueButton());
    expect(sentAnswers()).toEqual([{ exerciseId: 7101, answer: { choice: 0 } }]);
  });

  it('a wrong translation is marked and the right one is named', async () => {
    const { user } = playExercise(exercise);
    await user.keyboard('3');
    expect(option('Is the station far?').getAttribute('aria-pressed')).toBe('true');
    await user.click(mainButton('Check'));
    expect(resultPanel().textContent).toBe('IncorrectRight answer: Where is the station?');
    expect(option('Is the station far?').className).toContain('option--wrong');
    // Locked: neither a click nor a number key changes the answer under the panel.
    await user.keyboard('1');
    expect(option('Is the station far?').getAttribute('aria-pressed')).toBe('true');
    expect(option('When does the train leave?').disabled).toBe(true);
  });
});
