// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { phraseAudioUrl } from '../../media.ts';
import { mainButton, playExercise, playedPhrases, servedExercise, title } from '../play-exercise.tsx';

// happy-dom has no speech synthesis, so the player plays the sentence's recording (noted by the spy in
// play-exercise.tsx), as a browser without a voice for the course would.
const exercise = servedExercise(7, {
  type7_sentence: 'Tengo un hermano y una hermana.',
  type7_selected_words: 'hermano; hermana',
  type7_translation: 'I have a brother and a sister.',
});
const recording = new URL(phraseAudioUrl('es', exercise.type7_sentence), location.href).href;

describe('listen and repeat (type 7)', () => {
  it('shows the sentence with its highlighted words, and its translation', () => {
    playExercise(exercise);
    expect(title().textContent).toBe('Listen and repeat');
    const marked = [...document.querySelectorAll('mark')].map((mark) => mark.textContent);
    // The highlight ignores the full stop after 'hermana'.
    expect(marked).toEqual(['hermano', 'hermana.']);
    const sentence = screen.getByText('hermano', { selector: 'mark' }).closest('p');
    expect(sentence?.textContent).toBe('Tengo un hermano y una hermana.');
    expect(sentence?.getAttribute('lang')).toBe('es');
    expect(screen.getByText('I have a brother and a sister.')).not.toBeNull();
  });

  it('plays the sentence on arrival and at 0.75× on the slow button', async () => {
    const { user } = playExercise(exercise);
    expect(playedPhrases().map(({ src, rate }) => [src, rate])).toEqual([[recording, 1]]);
    await user.click(screen.getByRole('button', { name: 'Listen slowly (0.75×)' }));
    expect(playedPhrases().at(-1)).toMatchObject({ src: recording, rate: 0.75 });
  });

  it("'Further' moves on and sends an empty answer", async () => {
    const { user, sentAnswers } = playExercise(exercise);
    await user.click(mainButton('Further'));
    expect(screen.getByText('Lesson finished')).not.toBeNull();
    expect(sentAnswers()).toEqual([{ exerciseId: 7101, answer: {} }]);
  });
});
