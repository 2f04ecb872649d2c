import fs from 'node:fs';
import path from 'node:path';
import { fnv1a64 } from '@parlo/core/audio/phrase-audio';
import { voices as espeakVoices } from '../languages.ts';

/**
 * Which engine speaks a course language. SVOX Pico (`pico2wave`, Debian's non-free `libttspico-utils`)
 * sounds far more natural than eSpeak NG's formant voices, but speaks only a few languages and may not be
 * installed; eSpeak NG (the npm package, WebAssembly) is always there and speaks every course language.
 */
export type SpeechEngine = 'pico' | 'espeak-ng';

export interface Voice {
  engine: SpeechEngine;
  /** The engine's name for the voice: `pico2wave -l en-GB`, `espeak-ng -v en-gb`. */
  name: string;
}

/** Pico's voices for the course languages it speaks (the English course is British). */
export const picoVoices: Readonly<Record<string, string>> = {
  en: 'en-GB',
  de: 'de-DE',
  fr: 'fr-FR',
  es: 'es-ES',
};

/** Longer texts are not phrases but paragraphs; a learner should never have to listen to one. */
export const MAX_SPOKEN_LENGTH = 300;

export interface InstalledEngines {
  pico: boolean;
}

/** The voice a language is recorded with: Pico's when Pico is installed and speaks it, else eSpeak NG's. */
export function voiceFor(language: string, installed: InstalledEngines): Voice | null {
  const pico = installed.pico ? picoVoices[language] : undefined;
  if (pico) return { engine: 'pico', name: pico };
  const espeak = espeakVoices[language];
  return espeak ? { engine: 'espeak-ng', name: espeak } : null;
}

/** The full path of an executable found on PATH, or null. */
export function findOnPath(command: string, searchPath = process.env['PATH'] ?? ''): string | null {
  for (const folder of searchPath.split(path.delimiter)) {
    if (!folder) continue;
    const candidate = path.join(folder, command);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/** The engines installed on this machine (eSpeak NG always is: it is an npm dependency). */
export function installedEngines(): InstalledEngines {
  return { pico: findOnPath('pico2wave') !== null };
}

/**
 * The key of one recording: which engine and voice spoke which text, as 16 hex digits. It is part of the
 * file name, so installing or removing Pico, changing a voice or a text's `say:` makes a new recording
 * instead of serving the old one.
 */
export function recordingKey(voice: Voice, spoken: string): string {
  return fnv1a64(`${voice.engine}\u0000${voice.name}\u0000${spoken.normalize('NFC').trim()}`);
}
