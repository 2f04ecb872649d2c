// @vitest-environment happy-dom
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readLocalRecord } from '../../../../lib/local-records.ts';
import { phraseAudioUrl } from '../../media.ts';
import { CANNOT_TALK_RECORD } from '../../speaking.ts';
import {
  continueButton,
  mainButton,
  playExercise,
  playedPhrases,
  resultPanel,
  servedExercise,
  title,
} from '../play-exercise.tsx';

/**
 * happy-dom has no Web Speech API. This stands in for the browser's SpeechRecognition (the constructor the
 * player looks up on window) and lets a test say what the recogniser heard, or which error it raised.
 */
class FakeRecognition extends EventTarget {
  static made: FakeRecognition[] = [];
  lang = '';
  continuous = false;
  interimResults = true;
  maxAlternatives = 0;
  listening = false;
  constructor() {
    super();
    FakeRecognition.made.push(this);
  }
  start(): void {
    this.listening = true;
  }
  stop(): void {
    this.end();
  }
  abort(): void {
    this.end();
  }
  hear(transcript: string): void {
    act(() => {
      this.dispatchEvent(Object.assign(new Event('result'), { results: [[{ transcript }]] }));
    });
  }
  fail(error: string): void {
    act(() => {
      this.dispatchEvent(Object.assign(new Event('error'), { error }));
      this.end();
    });
  }
  private end(): void {
    if (!this.listening) return;
    this.listening = false;
    this.dispatchEvent(new Event('end'));
  }
}

const speechWindow = window as unknown as { SpeechRecognition?: typeof FakeRecognition };
beforeEach(() => {
  FakeRecognition.made = [];
  speechWindow.SpeechRecognition = FakeRecognition;
});
afterEach(() => {
  delete speechWindow.SpeechRecognition;
});

const exercise = servedExercise(14, {
  type14_sentence: 'Quiero un café, por favor.',
  type14_translation: 'I would like a coffee, please.',
});

const microphone = () => screen.getByRole<HTMLButtonElement>('button', { name: /Hold to talk|Listening…/ });
const recognised = () => screen.getByText('What we heard').nextElementSibling?.textContent;
const recogniser = () => {
  const last = FakeRecognition.made.at(-1);
  if (!last) throw new Error('no recognition was started');
  return last;
};

describe('say this text (type 14)', () => {
  it('shows the sentence to say, its translation, its listen button and the microphone button', async () => {
    const { user } = playExercise(exercise);
    expect(title().textContent).toBe('Say this text');
    expect(screen.getByText('Quiero un café, por favor.').getAttribute('lang')).toBe('es');
    expect(screen.getByText('I would like a coffee, please.')).not.toBeNull();
    expect(recognised()).toBe('Hold the microphone button and say the sentence.');
    expect(microphone().getAttribute('aria-pressed')).toBe('false');
    expect(mainButton('Check').disabled).toBe(true);
    // No recording on arrival here (the learner is about to speak); the button plays it on demand.
    expect(playedPhrases()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Listen' }));
    expect(playedPhrases().map(({ src }) => src)).toEqual([
      new URL(phraseAudioUrl('es', exercise.type14_sentence), location.href).href,
    ]);
  });

  it('holding the button listens in the course language; what was heard is checked and sent', async () => {
    const { user, sentAnswers } = playExercise(exercise);
    await user.pointer({ keys: '[MouseLeft>]', target: microphone() });
    expect(recogniser().lang).toBe('es-ES');
    expect(recogniser().listening).toBe(true);
    expect(microphone().getAttribute('aria-pressed')).toBe('true');
    expect(recognised()).toBe('Listening…');

    recogniser().hear('quiero un café por favor');
    await user.pointer({ keys: '[/MouseLeft]', target: microphone() });
    expect(recogniser().listening).toBe(false);
    expect(microphone().getAttribute('aria-pressed')).toBe('false');
    expect(recognised()).toBe('quiero un café por favor');

    await user.click(mainButton('Check'));
    expect(resultPanel().textContent).toContain('Correct!');
    await user.click(continueButton());
    expect(sentAnswers()).toEqual([{ exerciseId: 7101, answer: { text: 'quiero un café por favor' } }]);
  });

  it('Space held on the focused button records too, and something else heard is wrong', async () => {
    const { user } = playExercise(exercise);
    microphone().focus();
    await user.keyboard('[Space>]');
    expect(recogniser().listening).toBe(true);
    recogniser().hear('quiero un té');
    await user.keyboard('[/Space]');
    expect(recogniser().listening).toBe(false);
    await user.click(mainButton('Check'));
    expect(resultPanel().textContent).toBe('IncorrectRight answer: Quiero un café, por favor.');
    expect(microphone().disabled).toBe(true);
  });

  it("'I can't talk now' answers at once and leaves speaking out for an hour", async () => {
    const { user, sentAnswers } = playExercise(exercise);
    await user.click(screen.getByRole('button', { name: "I can't talk now" }));
    expect(resultPanel().textContent).toBe('Microphone offSpeaking exercises will be on again in an hour.');
    expect(Number(readLocalRecord(CANNOT_TALK_RECORD))).toBeGreaterThan(0);
    await user.click(continueButton());
    expect(sentAnswers()).toEqual([{ exerciseId: 7101, answer: { cannotTalk: true } }]);
  });

  it('a blocked microphone says so, keeps the exercise open and locks nothing out', async () => {
    const { user } = playExercise(exercise);
    await user.pointer({ keys: '[MouseLeft>]', target: microphone() });
    recogniser().fail('not-allowed');
    expect(screen.getByRole('alert').textContent).toBe(
      "The microphone is blocked. Allow it in your browser and hold the button again, or tap “I can't talk now”.",
    );
    expect(mainButton('Check').disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: "I can't talk now" }).disabled).toBe(false);
    expect(readLocalRecord(CANNOT_TALK_RECORD)).toBeNull();
  });

  it('without speech recognition in the browser, says so instead of offering the microphone', () => {
    delete speechWindow.SpeechRecognition;
    playExercise(exercise);
    expect(screen.getByText('Speech recognition is not available in this browser.')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Hold to talk' })).toBeNull();
    expect(screen.getByRole('button', { name: "I can't talk now" })).not.toBeNull();
  });
});
