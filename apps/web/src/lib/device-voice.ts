import { chooseDeviceVoice, courseSpeechLocale } from '@parlo/core/audio/device-voice';
import { useEffect, useState } from 'react';

/*
 * Issue 31: the device's own voice speaks a course's phrases when it has a good one (core picks it); the
 * player and the settings' preview use it through here, and fall back to Parlo's recordings whenever it is
 * missing or fails.
 */

/** The browser's speech synthesis, when it has one (some WebViews and old browsers do not). */
function synthesis(): SpeechSynthesis | undefined {
  if (typeof window === 'undefined' || typeof SpeechSynthesisUtterance === 'undefined') return undefined;
  return window.speechSynthesis ?? undefined;
}

function readVoices(): SpeechSynthesisVoice[] {
  try {
    return synthesis()?.getVoices() ?? [];
  } catch {
    return [];
  }
}

// Browsers list their voices a moment after the page loads (Chrome answers [] until 'voiceschanged'). A
// device that has any lists them within this time; after it, the recordings are played.
const VOICES_WAIT_MS = 1500;

export interface DeviceVoiceState {
  /** The voice that speaks the course, or null: the recordings are played. */
  voice: SpeechSynthesisVoice | null;
  /** False while the browser may still be listing its voices: an autoplay waits for the answer. */
  settled: boolean;
}

/**
 * The device's best voice for a course (`enabled` false — the learner chose the recordings — is no voice),
 * updated when the browser's voice list arrives or changes.
 */
export function useDeviceVoice(courseLanguage: string | undefined, enabled = true): DeviceVoiceState {
  const [voices, setVoices] = useState(readVoices);
  const [waited, setWaited] = useState(false);
  const wanted = enabled && courseLanguage !== undefined && synthesis() !== undefined;

  useEffect(() => {
    const speech = synthesis();
    if (!wanted || !speech) return;
    const update = () => setVoices(readVoices());
    update();
    speech.addEventListener('voiceschanged', update);
    const timer = window.setTimeout(() => setWaited(true), VOICES_WAIT_MS);
    return () => {
      speech.removeEventListener('voiceschanged', update);
      window.clearTimeout(timer);
    };
  }, [wanted]);

  if (!wanted || !courseLanguage) return { voice: null, settled: true };
  const voice = chooseDeviceVoice(voices, courseSpeechLocale(courseLanguage));
  return { voice, settled: voice !== null || voices.length > 0 || waited };
}

/** An utterance that has not started by then is taken as failed (some engines never answer). */
const START_TIMEOUT_MS = 2000;

export interface SpeakHandlers {
  onStart?: () => void;
  onEnd?: () => void;
  /** Speaking failed (an error, or it never started): the caller plays the recording instead. */
  onFail: () => void;
}

export interface SpokenPhrase {
  /** Stops it; no handler is called after this. */
  cancel: () => void;
}

/**
 * Says a phrase with `voice` at `rate` (1 normal; below 1 slower, the pitch unchanged). Whatever was
 * being said stops first.
 */
export function speakPhrase(
  phrase: string,
  voice: SpeechSynthesisVoice,
  rate: number,
  handlers: SpeakHandlers,
): SpokenPhrase {
  const speech = synthesis();
  let finished = false;
  let started = false;
  const finish = (handler: (() => void) | undefined) => {
    if (finished) return;
    finished = true;
    window.clearTimeout(timer);
    handler?.();
  };
  const timer = window.setTimeout(() => {
    if (started) return;
    speech?.cancel();
    finish(handlers.onFail);
  }, START_TIMEOUT_MS);
  if (!speech) {
    finish(handlers.onFail);
    return { cancel: () => undefined };
  }
  const utterance = new SpeechSynthesisUtterance(phrase);
  utterance.voice = voice;
  utterance.lang = voice.lang;
  utterance.rate = rate;
  utterance.addEventListener('start', () => {
    started = true;
    if (!finished) handlers.onStart?.();
  });
  utterance.addEventListener('end', () => finish(handlers.onEnd));
  // An error once the phrase was heard (cut short) ends it; before it was heard, the recording plays.
  utterance.addEventListener('error', () => finish(started ? handlers.onEnd : handlers.onFail));
  try {
    // A queue left stuck by an earlier page (Chrome keeps one per browser) would hold this one back.
    speech.cancel();
    speech.speak(utterance);
  } catch {
    finish(handlers.onFail);
  }
  return {
    cancel: () => {
      if (finished) return;
      finished = true;
      window.clearTimeout(timer);
      speech.cancel();
    },
  };
}
