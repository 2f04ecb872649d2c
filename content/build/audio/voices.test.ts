import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { recordingFile, recordingOf } from './audio-cache.ts';
import { findOnPath, recordingKey, voiceFor } from './voices.ts';

const scratchDirs: string[] = [];
afterEach(() => {
  for (const dir of scratchDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('engine choice (issue 31)', () => {
  it('speaks en, de, fr, es with SVOX Pico when installed, eSpeak NG otherwise; the English course is British', () => {
    const pico = { pico: true };
    const noPico = { pico: false };
    expect(voiceFor('en', pico)).toEqual({ engine: 'pico', name: 'en-GB' });
    expect(voiceFor('de', pico)).toEqual({ engine: 'pico', name: 'de-DE' });
    expect(voiceFor('fr', pico)).toEqual({ engine: 'pico', name: 'fr-FR' });
    expect(voiceFor('es', pico)).toEqual({ engine: 'pico', name: 'es-ES' });
    expect(voiceFor('en', noPico)).toEqual({ engine: 'espeak-ng', name: 'en-gb' });
    expect(voiceFor('de', noPico)).toEqual({ engine: 'espeak-ng', name: 'de' });
    // Pico has no Japanese voice: eSpeak NG speaks it either way; an unknown language has no voice.
    expect(voiceFor('ja', pico)).toEqual({ engine: 'espeak-ng', name: 'ja' });
    expect(voiceFor('xx', pico)).toBeNull();
  });

  it('finds pico2wave on PATH only when it is an executable file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlo-path-'));
    scratchDirs.push(dir);
    const searchPath = ['/nonexistent', dir].join(path.delimiter);
    expect(findOnPath('pico2wave', searchPath)).toBeNull();
    fs.writeFileSync(path.join(dir, 'pico2wave'), '#!/bin/sh\n', { mode: 0o644 });
    expect(findOnPath('pico2wave', searchPath)).toBeNull();
    fs.chmodSync(path.join(dir, 'pico2wave'), 0o755);
    expect(findOnPath('pico2wave', searchPath)).toBe(path.join(dir, 'pico2wave'));
  });

  it('names each recording by its engine, voice and spoken text, so any change makes a new one', () => {
    const phrase = { language: 'de', hash: '0123456789abcdef', text: 'das T-Shirt', say: null };
    const espeak = recordingOf('/audio', phrase, { pico: false });
    const pico = recordingOf('/audio', phrase, { pico: true });
    const said = recordingOf('/audio', { ...phrase, say: 'das Tieschört' }, { pico: true });
    expect(pico?.voice).toEqual({ engine: 'pico', name: 'de-DE' });
    expect(said?.spoken).toBe('das Tieschört');
    const files = [espeak?.file, pico?.file, said?.file];
    expect(new Set(files).size).toBe(3);
    for (const file of files) expect(file).toMatch(/^\/audio\/de\/0123456789abcdef-[0-9a-f]{16}\.mp3$/);
    expect(pico?.file).toBe(
      recordingFile(
        '/audio',
        'de',
        phrase.hash,
        recordingKey({ engine: 'pico', name: 'de-DE' }, 'das T-Shirt'),
      ),
    );
    // The same engine, voice and text always name the same file (a restart finds it).
    expect(recordingOf('/audio', phrase, { pico: true })?.file).toBe(pico?.file);
    // Texts no voice can speak have no recording.
    expect(recordingOf('/audio', { ...phrase, language: 'xx' }, { pico: true })).toBeNull();
    expect(recordingOf('/audio', { ...phrase, text: 'x'.repeat(301) }, { pico: true })).toBeNull();
  });
});
