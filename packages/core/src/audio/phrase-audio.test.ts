import { describe, expect, it } from 'vitest';
import {
  fnv1a64,
  normalisePhrase,
  phraseAudioHash,
  phraseAudioPath,
  PHRASE_AUDIO_HASH_PATTERN,
} from './phrase-audio.ts';

describe('phrase audio', () => {
  it('is the published FNV-1a 64-bit test vectors', () => {
    expect(fnv1a64('')).toBe('cbf29ce484222325');
    expect(fnv1a64('a')).toBe('af63dc4c8601ec8c');
    expect(fnv1a64('foobar')).toBe('85944171f73967e8');
  });

  it('equals a straightforward BigInt FNV-1a on any text', () => {
    const reference = (text: string) => {
      let hash = 0xcbf29ce484222325n;
      for (const byte of new TextEncoder().encode(text)) {
        hash = ((hash ^ BigInt(byte)) * 0x100000001b3n) & 0xffffffffffffffffn;
      }
      return hash.toString(16).padStart(16, '0');
    };
    for (const text of [
      'Ich trinke Kaffee.',
      '¿Dónde está el baño?',
      'こんにちは',
      'مرحبا',
      '😀 emoji',
      'x'.repeat(500),
      // Shorter after longer, three bytes a unit, and a lone surrogate (encoded as U+FFFD).
      'ab',
      'ẞ'.repeat(400),
      'lone \ud800 half',
    ]) {
      expect(fnv1a64(text)).toBe(reference(text));
    }
  });

  it('hashes the NFC, trimmed, lower-cased phrase', () => {
    expect(normalisePhrase('  Der Kaffee ')).toBe('der kaffee');
    expect(phraseAudioHash('  Der Kaffee ')).toBe(phraseAudioHash('der kaffee'));
    // 'é' precomposed and as 'e' + combining accent are one phrase.
    expect(phraseAudioHash('Caf\u00e9')).toBe(phraseAudioHash('cafe\u0301'));
    expect(phraseAudioHash('Kaffee')).not.toBe(phraseAudioHash('Kaffe'));
  });

  it('builds the audio path of a course language', () => {
    const path = phraseAudioPath('de', 'Hallo');
    expect(path).toMatch(/^\/audio\/de\/[0-9a-f]{16}\.mp3$/);
    expect(PHRASE_AUDIO_HASH_PATTERN.test(phraseAudioHash('こんにちは'))).toBe(true);
  });
});
