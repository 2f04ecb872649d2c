import { describe, expect, it } from 'vitest';
import { testExercise } from '../exercise-factory.ts';
import { audioPhraseFor, checkAnswer, InvalidAnswerError, titleFor } from '../registry.ts';
import { canOfferSpeaking, CANNOT_TALK_LOCKOUT_MS, speechRecognitionLanguage } from './say-this-text.ts';

const exercise = testExercise(14, { type14_sentence: "Hello, how are you? I'm fine." });

describe('type 14 say this text', () => {
  it('accepts the recognised sentence without punctuation, in any case', () => {
    expect(checkAnswer(exercise, { text: 'hello how are you im fine' })).toMatchObject({
      correct: true,
      rightAnswer: "Hello, how are you? I'm fine.",
    });
    expect(checkAnswer(exercise, { text: "Hello how are you I'm fine" }).correct).toBe(true);
  });
  it('rejects different words', () => {
    expect(checkAnswer(exercise, { text: 'hello how are you' }).correct).toBe(false);
  });
  it("takes 'cannot talk' out of the queue without counting it right", () => {
    expect(checkAnswer(exercise, { cannotTalk: true })).toMatchObject({
      correct: false,
      answered: true,
      outcome: 'cannot-talk',
    });
  });
  it('rejects malformed answers', () => {
    expect(() => checkAnswer(exercise, { cannotTalk: false })).toThrow(InvalidAnswerError);
    expect(() => checkAnswer(exercise, { text: '' })).toThrow(InvalidAnswerError);
  });
  it('plays the sentence under a fixed title', () => {
    expect(audioPhraseFor(exercise)).toBe("Hello, how are you? I'm fine.");
    expect(titleFor(exercise)).toEqual({ kind: 'label', label: 'exercise-title-14' });
  });
  it('is offered only with speech recognition and an hour after cannot talk', () => {
    const now = 10 * CANNOT_TALK_LOCKOUT_MS;
    expect(canOfferSpeaking({ speechRecognitionAvailable: false, cannotTalkAt: undefined, now })).toBe(false);
    expect(canOfferSpeaking({ speechRecognitionAvailable: true, cannotTalkAt: undefined, now })).toBe(true);
    expect(canOfferSpeaking({ speechRecognitionAvailable: true, cannotTalkAt: now - 1000, now })).toBe(false);
    expect(
      canOfferSpeaking({ speechRecognitionAvailable: true, cannotTalkAt: now - CANNOT_TALK_LOCKOUT_MS, now }),
    ).toBe(true);
  });
  it('maps the course language to a recognition language', () => {
    expect(speechRecognitionLanguage('en')).toBe('en-US');
    expect(speechRecognitionLanguage('es')).toBe('es-ES');
    expect(speechRecognitionLanguage('de')).toBe('en-US');
  });
});
