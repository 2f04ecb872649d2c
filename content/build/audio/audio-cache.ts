import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { staticSoundNames } from '@parlo/core/audio/phrase-audio';
import type { BuiltPhrase } from '../built-catalogue.ts';
import { staticSoundMp3 } from './static-sounds.ts';
import { Synthesiser } from './synthesiser.ts';
import {
  installedEngines,
  MAX_SPOKEN_LENGTH,
  recordingKey,
  voiceFor,
  type InstalledEngines,
  type Voice,
} from './voices.ts';

/**
 * `{audioDir}/{lang}/{hash}-{key}.mp3`: `hash` is the URL's (`/audio/{lang}/{hash}.mp3`, the written text),
 * `key` names the engine, voice and spoken text (voices.ts `recordingKey`), so a recording made by another
 * engine or from another `say:` is never served for this one.
 */
export function recordingFile(audioDir: string, language: string, hash: string, key: string): string {
  return path.join(audioDir, language, `${hash}-${key}.mp3`);
}

/** What the engine reads for a text: its `say:` when the course gives one, else the text itself. */
export function spokenText(phrase: { text: string; say: string | null }): string {
  return phrase.say ?? phrase.text;
}

/** The voice and file of a phrase's recording on this machine, or null when no voice can speak it. */
export function recordingOf(
  audioDir: string,
  phrase: Pick<BuiltPhrase, 'language' | 'hash' | 'text' | 'say'>,
  installed: InstalledEngines,
): { voice: Voice; spoken: string; file: string } | null {
  const voice = voiceFor(phrase.language, installed);
  const spoken = spokenText(phrase).trim();
  if (!voice || spoken.length === 0 || spoken.length > MAX_SPOKEN_LENGTH) return null;
  const file = recordingFile(audioDir, phrase.language, phrase.hash, recordingKey(voice, spoken));
  return { voice, spoken, file };
}

export function staticSoundFile(audioDir: string, name: string): string {
  return path.join(audioDir, 'static', `${name}.mp3`);
}

/** Write to a temporary name, then rename: a reader never sees half a file. */
export function writeFileAtomically(file: string, data: Uint8Array | string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(temporary, data);
  fs.renameSync(temporary, file);
}

export async function writeStaticSounds(audioDir: string): Promise<void> {
  for (const name of staticSoundNames)
    writeFileAtomically(staticSoundFile(audioDir, name), await staticSoundMp3(name));
}

export interface PregenerateStats {
  total: number;
  /** The engine and voice of each language recorded, e.g. `de: pico de-DE`. */
  voices: Record<string, string>;
  generated: number;
  failed: string[];
  milliseconds: number;
  bytes: number;
}

/**
 * Synthesises every phrase that has no recording by this machine's voice yet, with several processes at
 * once (Pico where installed, eSpeak NG otherwise: voices.ts).
 */
export async function pregenerateAudio(
  phrases: readonly BuiltPhrase[],
  audioDir: string,
  workers: number,
  onProgress?: (done: number, total: number) => void,
  installed: InstalledEngines = installedEngines(),
): Promise<PregenerateStats> {
  const started = performance.now();
  const voices: Record<string, string> = {};
  const todo = phrases.flatMap((phrase) => {
    const recording = recordingOf(audioDir, phrase, installed);
    if (!recording) return [];
    voices[phrase.language] = `${recording.voice.engine} ${recording.voice.name}`;
    return fs.existsSync(recording.file) ? [] : [{ ...recording, phrase }];
  });
  const synthesiser = new Synthesiser(workers);
  const stats: PregenerateStats = {
    total: phrases.length,
    voices,
    generated: 0,
    failed: [],
    milliseconds: 0,
    bytes: 0,
  };
  let next = 0;
  const lane = async () => {
    while (next < todo.length) {
      const job = todo[next++];
      if (!job) break;
      const { phrase } = job;
      try {
        const mp3 = await synthesiser.mp3(job.voice, job.spoken);
        writeFileAtomically(job.file, mp3);
        stats.generated += 1;
        stats.bytes += mp3.length;
      } catch (error) {
        stats.failed.push(
          `${phrase.language} '${phrase.text}': ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      onProgress?.(stats.generated + stats.failed.length, todo.length);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, workers) }, lane));
  } finally {
    await synthesiser.close();
  }
  stats.milliseconds = performance.now() - started;
  return stats;
}
