// @vitest-environment happy-dom
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { phraseAudioUrl } from '../../media.ts';
import { mainButton, playExercise, playedPhrases, servedExercise, title } from '../play-exercise.tsx';

// happy-dom has no speech synthesis, so the player plays the word's recording (noted by the spy in
// play-exercise.tsx), as a browser without a voice for the course would.
const exercise = servedExercise(1, {
  type1_word: 'el agua',
  type1_image: '1F4A7',
  type1_translation: 'the water',
  type1_gender: 'f',
});
const recording = new URL(phraseAudioUrl('es', 'el agua'), location.href).href;

const listen = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Listen' });

describe('listen and say the word (type 1)', () => {
  it('shows the picture, the word with its gender and its translation', () => {
    playExercise(exercise);
    expect(title().textContent).toBe('Listen and say the word');
    expect(screen.getByRole('img', { name: 'el agua' }).getAttribute('src')).toBe(
      '/media/pictures/1F4A7.svg',
    );
    expect(screen.getByText('el agua (f.)').getAttribute('lang')).toBe('es');
    expect(screen.getByText('the water')).not.toBeNull();
    expect(mainButton('Further').disabled).toBe(false);
  });

  it('plays the word (not its gender mark) on arrival, again on Listen, slowly on the slow button', async () => {
    const { user } = playExercise(exercise);
    expect(playedPhrases().map(({ src, rate }) => [src, rate])).toEqual([[recording, 1]]);
    await user.click(listen());
    await user.click(screen.getByRole('button', { name: 'Listen slowly (0.75×)' }));
    expect(playedPhrases().map(({ src, rate }) => [src, rate])).toEqual([
      [recording, 1],
      [recording, 1],
      [recording, 0.75],
    ]);
  });

  it('does not play on arrival when the learner turned voice guidance off', () => {
    playExercise(exercise, { settings: { voiceGuidance: false } });
    expect(playedPhrases()).toEqual([]);
    expect(listen().disabled).toBe(false);
  });

  it('turns the listen button off and says so when the recording cannot be played', () => {
    playExercise(exercise);
    const [arrival] = playedPhrases();
    act(() => {
      arrival?.element.dispatchEvent(new Event('error'));
    });
    const off = screen.getByRole<HTMLButtonElement>('button', { name: 'Audio not available' });
    expect(off.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Listen slowly (0.75×)' })).toBeNull();
    expect(screen.getByText('Audio not available', { selector: 'p' })).not.toBeNull();
  });

  it("'Further' (or Enter) moves on and sends an empty answer", async () => {
    const { user, sentAnswers } = playExercise(exercise);
    await user.keyboard('{Enter}');
    expect(screen.getByText('Lesson finished')).not.toBeNull();
    expect(sentAnswers()).toEqual([{ exerciseId: 7101, answer: {} }]);
  });
});
