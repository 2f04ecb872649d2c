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

const exercise = servedExercise(11, {
  type11_question: '¿Dónde vives?',
  type11_correct_answers: 'Where do you live?; Where are you living?',
});

const input = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Your translation' });

describe('free text translation (type 11)', () => {
  it('asks the question as the title, with an empty field to type the translation in', () => {
    playExercise(exercise);
    expect(title().textContent).toBe('¿Dónde vives?');
    expect(input().value).toBe('');
    expect(input().placeholder).toBe('Type here');
    // Typed in the learner's own language: the direction follows what is typed.
    expect(input().getAttribute('dir')).toBe('auto');
    expect(mainButton('Check').disabled).toBe(true);
  });

  it('spaces alone keep Check off; a typed answer is sent as typed', async () => {
    const { user, sentAnswers } = playExercise(exercise);
    await user.type(input(), '   ');
    expect(mainButton('Check').disabled).toBe(true);
    await user.clear(input());
    await user.type(input(), 'Where do you live?');
    expect(mainButton('Check').disabled).toBe(false);
    await user.click(mainButton('Check'));
    expect(resultPanel().textContent).toContain('Correct!');
    await user.click(continueButton());
    expect(sentAnswers()).toEqual([{ exerciseId: 7101, answer: { text: 'Where do you live?' } }]);
  });

  it('Enter in the field checks; a wrong answer names an accepted one and the field turns read-only', async () => {
    const { user } = playExercise(exercise);
    await user.type(input(), 'Where are you from?{Enter}');
    expect(resultPanel().textContent).toBe('IncorrectRight answer: Where do you live?');
    expect(input().readOnly).toBe(true);
    expect(input().className).toContain('text-answer__input--wrong');
  });

  it('Help shows an accepted answer', async () => {
    const { user } = playExercise(exercise);
    await user.click(screen.getByRole('button', { name: 'Help' }));
    expect(screen.getByRole('status').textContent).toBe('A correct answer: Where do you live?');
    expect(screen.queryByRole('button', { name: 'Help' })).toBeNull();
  });
});
