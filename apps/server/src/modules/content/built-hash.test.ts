import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtHashAtEnd } from './content-import.service.ts';

const write = (content: string) => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'parlo-built-')), 'catalogue.json');
  fs.writeFileSync(file, content);
  return file;
};
const hash = 'a'.repeat(64);

describe('the built catalogue hash read from the end of the file', () => {
  it('is found where the content build writes it, last, without parsing the file', () => {
    const file = write(JSON.stringify({ formatVersion: 1, pictures: ['x'.repeat(1000)], hash }));
    expect(builtHashAtEnd(file)).toBe(hash);
    expect(builtHashAtEnd(write(`${JSON.stringify({ formatVersion: 1, hash })}\n`))).toBe(hash);
  });

  it('is null when the end looks different, so the file is parsed as before', () => {
    expect(builtHashAtEnd(write(JSON.stringify({ hash, formatVersion: 1 })))).toBeNull();
    expect(builtHashAtEnd(write(JSON.stringify({ formatVersion: 1, note: `"hash":"${hash}"` })))).toBeNull();
    expect(builtHashAtEnd(write(''))).toBeNull();
  });
});
