import { describe, expect, it } from 'vitest';
import { encodeMp3, startsWithMp3Frame, type Pcm } from './mp3.ts';

/** A tone of `seconds` at `sampleRate`, as the speech engines hand it over (mono 16-bit). */
function tone(sampleRate: number, seconds: number): Pcm {
  const samples = new Int16Array(Math.round(sampleRate * seconds));
  for (let i = 0; i < samples.length; i += 1) {
    samples[i] = Math.round(Math.sin((2 * Math.PI * 440 * i) / sampleRate) * 12_000);
  }
  return { sampleRate, samples };
}

const BIT_RATES: Record<'mpeg1' | 'mpeg2', number[]> = {
  mpeg1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  mpeg2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const SAMPLE_RATES = { 3: [44_100, 48_000, 32_000], 2: [22_050, 24_000, 16_000], 0: [11_025, 12_000, 8_000] };

/** Walks the stream frame by frame as a player would: every byte must belong to a valid layer III frame. */
function frames(mp3: Uint8Array) {
  const found: Array<{ sampleRate: number; bitRate: number; samples: number }> = [];
  let offset = 0;
  while (offset < mp3.length) {
    const [sync, b1, b2] = [mp3[offset], mp3[offset + 1] ?? 0, mp3[offset + 2] ?? 0];
    if (sync !== 0xff || (b1 & 0xe0) !== 0xe0 || ((b1 >> 1) & 0b11) !== 0b01) {
      throw new Error(`no layer III frame at byte ${offset} of ${mp3.length}`);
    }
    const version = (b1 >> 3) & 0b11; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5
    const bitRate = BIT_RATES[version === 3 ? 'mpeg1' : 'mpeg2'][b2 >> 4] ?? 0;
    const sampleRate = SAMPLE_RATES[version as 3 | 2 | 0][(b2 >> 2) & 0b11] ?? 0;
    const samples = version === 3 ? 1152 : 576;
    const length = Math.floor(((samples / 8) * bitRate * 1000) / sampleRate) + ((b2 >> 1) & 1);
    if (bitRate === 0 || sampleRate === 0 || length <= 4) throw new Error(`bad header at byte ${offset}`);
    found.push({ sampleRate, bitRate, samples });
    offset += length;
  }
  return found;
}

describe('encodeMp3', () => {
  it.each([16_000, 22_050])(
    'encodes %i Hz speech as 48 kbit/s MP3 frames lasting as long as the sound',
    async (rate) => {
      const mp3 = await encodeMp3(tone(rate, 1.5));
      expect(startsWithMp3Frame(mp3)).toBe(true);
      const all = frames(mp3);
      expect(new Set(all.map((frame) => frame.bitRate))).toEqual(new Set([48]));
      expect(new Set(all.map((frame) => frame.sampleRate))).toEqual(new Set([rate]));
      const seconds = all.reduce((sum, frame) => sum + frame.samples / frame.sampleRate, 0);
      // The encoder adds its delay and pads the last frame: a few frames at most.
      expect(seconds).toBeGreaterThanOrEqual(1.5);
      expect(seconds).toBeLessThan(1.5 + 0.2);
    },
  );

  it('gives each of several sounds encoded at once its own bytes (one encoder serves them in turn)', async () => {
    const sounds = [tone(16_000, 0.4), tone(22_050, 1), tone(16_000, 2)];
    const alone = [];
    for (const sound of sounds) alone.push(await encodeMp3(sound));
    const together = await Promise.all(sounds.map((sound) => encodeMp3(sound)));
    expect(together.map((mp3) => mp3.toString('base64'))).toEqual(alone.map((mp3) => mp3.toString('base64')));
    expect(new Set(alone.map((mp3) => mp3.length)).size).toBe(3);
  });
});
