import type { StaticSoundName } from '@parlo/core/audio/phrase-audio';
import { encodeMp3, type Pcm } from './mp3.ts';

/**
 * The player's sound effects (SPEC §7 static audio), synthesised here from plain tones rather than taken
 * from a sound library, so they carry no licence of their own. Each is a short sequence of notes with
 * soft attack and decay and a few overtones.
 */

const SAMPLE_RATE = 22_050;

interface Note {
  /** Frequency in Hz. */
  pitch: number;
  /** Start and length in seconds. */
  at: number;
  length: number;
  volume?: number;
}

const melodies: Record<StaticSoundName, Note[]> = {
  // Rising major third: a light 'ding-ding'.
  correct: [
    { pitch: 880, at: 0, length: 0.18 },
    { pitch: 1108.73, at: 0.11, length: 0.3 },
  ],
  // Two low, falling notes.
  incorrect: [
    { pitch: 311.13, at: 0, length: 0.2, volume: 0.8 },
    { pitch: 233.08, at: 0.16, length: 0.34, volume: 0.8 },
  ],
  // Major arpeggio up to the octave.
  congrats: [
    { pitch: 523.25, at: 0, length: 0.22 },
    { pitch: 659.25, at: 0.14, length: 0.22 },
    { pitch: 783.99, at: 0.28, length: 0.22 },
    { pitch: 1046.5, at: 0.42, length: 0.6 },
  ],
  // A bright chord.
  success: [
    { pitch: 783.99, at: 0, length: 0.7, volume: 0.5 },
    { pitch: 987.77, at: 0.05, length: 0.65, volume: 0.5 },
    { pitch: 1174.66, at: 0.1, length: 0.6, volume: 0.5 },
  ],
  // Slow descending minor line.
  failed: [
    { pitch: 392, at: 0, length: 0.28, volume: 0.7 },
    { pitch: 349.23, at: 0.24, length: 0.28, volume: 0.7 },
    { pitch: 311.13, at: 0.48, length: 0.28, volume: 0.7 },
    { pitch: 261.63, at: 0.72, length: 0.5, volume: 0.7 },
  ],
};

export function staticSoundPcm(name: StaticSoundName): Pcm {
  const notes = melodies[name];
  const seconds = Math.max(...notes.map((note) => note.at + note.length)) + 0.05;
  const mix = new Float64Array(Math.ceil(seconds * SAMPLE_RATE));
  for (const note of notes) {
    const start = Math.floor(note.at * SAMPLE_RATE);
    const length = Math.floor(note.length * SAMPLE_RATE);
    for (let i = 0; i < length && start + i < mix.length; i += 1) {
      const t = i / SAMPLE_RATE;
      const attack = Math.min(1, t / 0.01);
      const decay = Math.exp((-4 * i) / length);
      const tone =
        Math.sin(2 * Math.PI * note.pitch * t) +
        0.3 * Math.sin(4 * Math.PI * note.pitch * t) +
        0.1 * Math.sin(6 * Math.PI * note.pitch * t);
      mix[start + i] = (mix[start + i] ?? 0) + tone * attack * decay * (note.volume ?? 1);
    }
  }
  const peak = Math.max(...mix.map(Math.abs)) || 1;
  const samples = new Int16Array(mix.length);
  for (let i = 0; i < mix.length; i += 1) samples[i] = Math.round(((mix[i] ?? 0) / peak) * 0.7 * 32_767);
  return { sampleRate: SAMPLE_RATE, samples };
}

export function staticSoundMp3(name: StaticSoundName): Promise<Buffer> {
  return encodeMp3(staticSoundPcm(name));
}
