import { z } from 'zod';
import { sameSpokenText } from '../answer-text.ts';
import { defineExerciseType, fixedTitle, textField } from '../exercise-type.ts';

/** SPEC §4: after 'cannot talk' the speaking exercises stay out for one hour. */
export const CANNOT_TALK_LOCKOUT_MS = 60 * 60 * 1000;

/** The client sends what the browser's speech recognition heard. */
export const recognisedTextAnswerSchema = z.strictObject({ text: z.string().trim().min(1) });

/** Type 14: the learner says the sentence; the recognised text must match it (SPEC §5). */
export const sayThisText = defineExerciseType({
  type: 14,
  name: 'say-this-text',
  fields: {
    type14_sentence: textField,
    /** Not in SPEC §3: the meaning in the learner's language. */
    type14_translation: textField.optional(),
  },
  answer: recognisedTextAnswerSchema,
  mainButton: 'verify',
  production: true,
  speaking: true,
  check: (fields, answer) => sameSpokenText(answer.text, fields.type14_sentence),
  rightAnswer: (fields) => fields.type14_sentence,
  audioPhrase: (fields) => fields.type14_sentence,
  title: () => fixedTitle(14),
  accepts: (fields) => [fields.type14_sentence],
});

export interface SpeakingConditions {
  speechRecognitionAvailable: boolean;
  /** When the learner last pressed 'cannot talk' (epoch ms), if ever. */
  cannotTalkAt: number | undefined;
  now: number;
}

/** SPEC §4: type 14 is left out without speech recognition or within an hour of 'cannot talk'. */
export function canOfferSpeaking({
  speechRecognitionAvailable,
  cannotTalkAt,
  now,
}: SpeakingConditions): boolean {
  if (!speechRecognitionAvailable) return false;
  return cannotTalkAt === undefined || now - cannotTalkAt >= CANNOT_TALK_LOCKOUT_MS;
}

/** SPEC §4: recognition language for a course language code. */
export function speechRecognitionLanguage(languageCode: string): string {
  return languageCode.toLowerCase() === 'es' ? 'es-ES' : 'en-US';
}
