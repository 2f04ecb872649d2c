// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { phraseAudioUrl } from '../../media.ts';
import {
  continueButton,
  mainButton,
  playExercise,
  playedPhrases,
  resultPanel,
  servedExercise,
  title,
} from '../play-exercise.tsx';

// happy-dom has no speech synthesis, so the player plays the phrase's recording (noted by the spy in
// play-exercise.tsx), as a browser without a voice for the course would.
const exercise = servedExercise(13, {
  type13_word_or_phrase: 'Buenos días, señora',
  type13_correct_answers: ['Buenos días, señora'],
  type13_translation: 'Good morning, madam',
});
const recording = new URL(phraseAudioUrl('es', 'Buenos días, señora'), location.href).href;

const input = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'What you heard' });

describe('write what you hear (type 13)', () => {
  it('plays the phrase on arrival without writing it, and offers a field in the course language', async () => {
    const { user } = playExercise(exercise);
    expect(title().textContent).toBe('Write what you hear');
    expect(playedPhrases().map(({ src }) => src)).toEqual([recording]);
    expect(screen.queryByText('Buenos días, señora')).toBeNull();
    expect(screen.getByText('Good morning, madam')).not.toBeNull();
    expect(input().getAttribute('lang')).toBe('es');
    await user.click(screen.getByRole('button', { name: 'Listen slowly (0.75×)' }));
    expect(playedPhrases().at(-1)).toMatchObject({ src: recording, rate: 0.75 });
  });

  it('keeps Check off until something is typed, then sends the text', async () => {
    const { user, sentAnswers } = playExercise(exercise);
    expect(mainButton('Check').disabled).toBe(true);
    await user.type(input(), 'Buenos días, señora');
    expect(mainButton('Check').disabled).toBe(false);
    await user.click(mainButton('Check'));
    expect(resultPanel().textContent).toContain('Correct!');
    await user.click(continueButton());
    expect(sentAnswers()).toEqual([{ exerciseId: 7101, answer: { text: 'Buenos días, señora' } }]);
  });

  it('a missing accent is accepted and the accent is pointed out', async () => {
    const { user } = playExercise(exercise);
    await user.type(input(), 'Buenos dias, señora{Enter}');
    expect(resultPanel().textContent).toBe('Correct!+1 pointMind the accent: Buenos días, señora');
    expect(resultPanel().querySelector('mark')?.textContent).toBe('í');
  });

  it('Help reveals the phrase one word at a time', async () => {
    const { user } = playExercise(exercise);
    await user.click(screen.getByRole('button', { name: 'Help' }));
    expect(screen.getByRole('status').textContent).toBe('Hint: Buenos …');
    await user.click(screen.getByRole('button', { name: 'Show the next word' }));
    expect(screen.getByRole('status').textContent).toBe('Hint: Buenos días, …');
    await user.click(screen.getByRole('button', { name: 'Show the next word' }));
    expect(screen.getByRole('status').textContent).toBe('Hint: Buenos días, señora');
    expect(screen.queryByRole('button', { name: 'Show the next word' })).toBeNull();
  });
});
