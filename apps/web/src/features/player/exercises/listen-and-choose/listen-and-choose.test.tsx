// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
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
const exercise = servedExercise(6, {
  type6_word: 'buenas noches',
  type6_translation: 'good morning; good night; good afternoon',
  type6_isCorrect: [false, true, false],
});
const recording = new URL(phraseAudioUrl('es', 'buenas noches'), location.href).href;

const option = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

describe('listen and choose (type 6)', () => {
  it('plays the phrase on arrival without showing it, and offers the meanings', () => {
    playExercise(exercise);
    expect(title().textContent).toBe('Listen and choose the answer');
    expect(playedPhrases().map(({ src }) => src)).toEqual([recording]);
    expect(screen.queryByText('buenas noches')).toBeNull();
    const options = within(screen.getByRole('list', { name: 'Answers' })).getAllByRole('button');
    expect(options.map((button) => button.textContent)).toEqual([
      '1good morning',
      '2good night',
      '3good afternoon',
    ]);
  });

  it('the listen buttons replay the phrase, at normal speed and slowly', async () => {
    const { user } = playExercise(exercise);
    await user.click(screen.getByRole('button', { name: 'Listen' }));
    await user.click(screen.getByRole('button', { name: 'Listen slowly (0.75×)' }));
    expect(playedPhrases().map(({ src, rate }) => [src, rate])).toEqual([
      [recording, 1],
      [recording, 1],
      [recording, 0.75],
    ]);
  });

  it('keeps Check off until a meaning is chosen, then sends it', async () => {
    const { user, sentAnswers } = playExercise(exercise);
    expect(mainButton('Check').disabled).toBe(true);
    await user.click(option('good night'));
    await user.click(mainButton('Check'));
    expect(resultPanel().textContent).toContain('Correct!');
    await user.click(continueButton());
    expect(sentAnswers()).toEqual([{ exerciseId: 7101, answer: { choice: 1 } }]);
  });

  it('a wrong meaning chosen by key names the right one', async () => {
    const { user } = playExercise(exercise);
    await user.keyboard('1');
    await user.keyboard('{Enter}');
    expect(resultPanel().textContent).toBe('IncorrectRight answer: good night');
  });
});
