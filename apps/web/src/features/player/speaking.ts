import { isSpeaking, type Exercise } from '@parlo/core/exercises/registry';
import { writeLocalRecord } from '../../lib/local-records.ts';
import {
  canOfferSpeaking,
  speechRecognitionLanguage,
} from '@parlo/core/exercises/say-this-text/say-this-text';

/** SPEC §3 local record: when the learner last said they cannot talk (epoch ms). */
export const CANNOT_TALK_RECORD = 'cannot-talk';

/** 'I can't talk now' (and only that): speaking exercises stay out for the next hour. */
export function rememberCannotTalk(now: number = Date.now()): void {
  writeLocalRecord(CANNOT_TALK_RECORD, String(now));
}

export function parseCannotTalkAt(value: string | null): number | undefined {
  if (value === null) return undefined;
  const at = Number(value);
  return Number.isFinite(at) && at > 0 ? at : undefined;
}

// Core maps only Spanish and falls back to en-US (SPEC §4); our German and French courses deserve their
// own recognisers, which every browser with the Web Speech API offers.
const OWN_RECOGNISERS: Record<string, string> = { de: 'de-DE', fr: 'fr-FR' };

export function recognitionLanguageFor(courseLanguageCode: string): string {
  const code = courseLanguageCode.toLowerCase();
  return OWN_RECOGNISERS[code] ?? speechRecognitionLanguage(code);
}

export interface ServedExercises {
  exercises: Exercise[];
  /** 'Say this text' exercises left out, sent with the completion. */
  omittedExerciseIds: number[];
}

/**
 * SPEC §4 Type 14: left out without speech recognition, within an hour of 'cannot talk', or while the
 * learner has the microphone turned off in their settings.
 */
export function leaveOutSpeaking(
  exercises: readonly Exercise[],
  conditions: {
    microphone: boolean;
    speechRecognitionAvailable: boolean;
    cannotTalkAt: number | undefined;
    now: number;
  },
): ServedExercises {
  if (conditions.microphone && canOfferSpeaking(conditions)) {
    return { exercises: [...exercises], omittedExerciseIds: [] };
  }
  return {
    exercises: exercises.filter((exercise) => !isSpeaking(exercise.type)),
    omittedExerciseIds: exercises
      .filter((exercise) => isSpeaking(exercise.type))
      .map((exercise) => exercise.id),
  };
}
