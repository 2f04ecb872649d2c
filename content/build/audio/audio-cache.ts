import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { staticSoundNames } from '@parlo/core/audio/phrase-audio';
import type { BuiltPhrase } from '../built-catalogue.ts';
import { staticSoundMp3 } from './static-sounds.ts';
import { Synthesiser } from './synthesiser.ts';

/** `{audioDir}/{lang}/{hash}.mp3`, the same layout as the URL path `/audio/{lang}/{hash}.mp3`. */
export function phraseAudioFile(audioDir: string, language: string, hash: string): string {
  return path.join(audioDir, language, `${hash}.mp3`);
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

export function writeStaticSounds(audioDir: string): void {
  for (const name of staticSoundNames)
    writeFileAtomically(staticSoundFile(audioDir, name), staticSoundMp3(name));
}

export interface PregenerateStats {
  total: number;
  generated: number;
  failed: string[];
  milliseconds: number;
  bytes: number;
}

/** Synthesises every phrase that has no recording yet, with several eSpeak NG processes at once. */
export async function pregenerateAudio(
  phrases: readonly BuiltPhrase[],
  audioDir: string,
  workers: number,
  onProgress?: (done: number, total: number) => void,
): Promise<PregenerateStats> {
  const started = performance.now();
  const todo = phrases.filter(
    (phrase) =>
      Synthesiser.hasVoice(phrase.language) &&
      !fs.existsSync(phraseAudioFile(audioDir, phrase.language, phrase.hash)),
  );
  const synthesiser = new Synthesiser(workers);
  const stats: PregenerateStats = {
    total: phrases.length,
    generated: 0,
    failed: [],
    milliseconds: 0,
    bytes: 0,
  };
  let next = 0;
  const lane = async () => {
    while (next < todo.length) {
      const phrase = todo[next++];
      if (!phrase) break;
      try {
        const mp3 = await synthesiser.mp3(phrase.language, phrase.text);
        writeFileAtomically(phraseAudioFile(audioDir, phrase.language, phrase.hash), mp3);
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
