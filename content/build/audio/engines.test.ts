import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { phraseAudioHash } from '@parlo/core/audio/phrase-audio';
import { afterAll, describe, expect, it } from 'vitest';
import { pregenerateAudio, recordingOf } from './audio-cache.ts';
import { startsWithMp3Frame } from './mp3.ts';
import { Synthesiser } from './synthesiser.ts';
import { findOnPath, installedEngines, picoVoices, voiceFor } from './voices.ts';

/**
 * Renders one short phrase per course language with each engine this machine has (CI installs both:
 * .ci/run). An engine is skipped only when its program is missing; eSpeak NG is an npm dependency.
 * The first request starts a speech process, which takes seconds on a busy machine: hence the timeouts.
 */
const phrases: Record<string, string> = {
  en: 'Good morning.',
  de: 'Guten Morgen.',
  fr: 'Bonjour.',
  es: 'Buenos días.',
};
const synthesiser = new Synthesiser(1);
afterAll(() => synthesiser.close());

describe.each([
  { engine: 'espeak-ng', installed: true },
  { engine: 'pico', installed: findOnPath('pico2wave') !== null },
])('$engine', ({ engine, installed }) => {
  it.skipIf(!installed).each(Object.keys(picoVoices))(
    'speaks %s as MP3',
    async (language) => {
      const voice = voiceFor(language, { pico: engine === 'pico' });
      expect(voice?.engine).toBe(engine);
      const mp3 = await synthesiser.mp3(voice!, phrases[language]!);
      expect(startsWithMp3Frame(mp3)).toBe(true);
      // Over a third of a second of speech at 48 kbit/s.
      expect(mp3.length).toBeGreaterThan(2000);
    },
    120_000,
  );
});

describe('content:build', () => {
  it('pre-generates a recording where the server looks for it, spoken from its say:, and names the voice', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlo-audio-'));
    try {
      const phrase = { language: 'de', text: 'das T-Shirt', say: 'das Tieschört', position: 1 };
      const built = { ...phrase, hash: phraseAudioHash(phrase.text) };
      const stats = await pregenerateAudio([built], dir, 1);
      expect(stats).toMatchObject({ generated: 1, failed: [] });
      const voice = voiceFor('de', installedEngines());
      expect(stats.voices).toEqual({ de: `${voice?.engine} ${voice?.name}` });
      const file = recordingOf(dir, built, installedEngines())?.file;
      expect(file && startsWithMp3Frame(fs.readFileSync(file))).toBe(true);
      // Made once: a second build finds it.
      expect(await pregenerateAudio([built], dir, 1)).toMatchObject({ generated: 0 });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
