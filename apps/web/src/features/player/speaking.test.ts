import { CANNOT_TALK_LOCKOUT_MS } from '@parlo/core/exercises/say-this-text/say-this-text';
import { testExercise } from '@parlo/core/exercises/exercise-factory';
import { describe, expect, it } from 'vitest';
import { leaveOutSpeaking, parseCannotTalkAt, recognitionLanguageFor } from './speaking.ts';

const choose = testExercise(
  5,
  { type5_word: 'das Haus', type5_translation: ['house', 'mouse'], type5_isCorrect: [true, false] },
  { id: 1 },
);
const speak = testExercise(14, { type14_sentence: 'Ich heiße Max.' }, { id: 2 });
const now = 1_700_000_000_000;

describe('say this text', () => {
  it('is served with speech recognition and no recent cannot-talk', () => {
    expect(
      leaveOutSpeaking([choose, speak], {
        microphone: true,
        speechRecognitionAvailable: true,
        cannotTalkAt: undefined,
        now,
      }),
    ).toEqual({ exercises: [choose, speak], omittedExerciseIds: [] });
    expect(
      leaveOutSpeaking([choose, speak], {
        microphone: true,
        speechRecognitionAvailable: true,
        cannotTalkAt: now - CANNOT_TALK_LOCKOUT_MS,
        now,
      }).omittedExerciseIds,
    ).toEqual([]);
  });

  it('is left out without speech recognition or within the hour after cannot talk', () => {
    const expected = { exercises: [choose], omittedExerciseIds: [2] };
    expect(
      leaveOutSpeaking([choose, speak], {
        microphone: true,
        speechRecognitionAvailable: false,
        cannotTalkAt: undefined,
        now,
      }),
    ).toEqual(expected);
    expect(
      leaveOutSpeaking([choose, speak], {
        microphone: true,
        speechRecognitionAvailable: true,
        cannotTalkAt: now - CANNOT_TALK_LOCKOUT_MS + 1,
        now,
      }),
    ).toEqual(expected);
  });

  it('is left out while the learner has the microphone turned off', () => {
    expect(
      leaveOutSpeaking([choose, speak], {
        microphone: false,
        speechRecognitionAvailable: true,
        cannotTalkAt: undefined,
        now,
      }),
    ).toEqual({ exercises: [choose], omittedExerciseIds: [2] });
  });

  it('reads the cannot-talk record defensively', () => {
    expect(parseCannotTalkAt(null)).toBeUndefined();
    expect(parseCannotTalkAt('soon')).toBeUndefined();
    expect(parseCannotTalkAt(String(now))).toBe(now);
  });

  it('recognises speech in the course language', () => {
    expect(recognitionLanguageFor('en')).toBe('en-US');
    expect(recognitionLanguageFor('es')).toBe('es-ES');
    expect(recognitionLanguageFor('DE')).toBe('de-DE');
    expect(recognitionLanguageFor('fr')).toBe('fr-FR');
    expect(recognitionLanguageFor('ja')).toBe('en-US');
  });
});
