// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressedCopies } from './precompressed-assets.ts';

const script = `export const lessons = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ id: i, title: `Lesson ${i}` })))};`;

describe('the compressed copies the build writes beside its files', () => {
  it('writes a .br and a .gz copy of a script or style that decompress to the file', async () => {
    const copies = await compressedCopies('assets/dashboard-route-abc123.js', script);
    expect(copies.map((copy) => copy.fileName)).toEqual([
      'assets/dashboard-route-abc123.js.br',
      'assets/dashboard-route-abc123.js.gz',
    ]);
    expect(brotliDecompressSync(copies[0]!.source).toString()).toBe(script);
    expect(gunzipSync(copies[1]!.source).toString()).toBe(script);
    // At its best level brotli beats gzip on scripts: the reason to keep both.
    expect(copies[0]!.source.length).toBeLessThan(copies[1]!.source.length);

    const style = await compressedCopies(
      'assets/first-visit-x.css',
      Buffer.from(`.a{color:red}\n`.repeat(200)),
    );
    expect(style).toHaveLength(2);
  });

  it('leaves small files, files outside assets/ and pictures already compressed alone', async () => {
    expect(await compressedCopies('assets/tiny-abc.js', 'export {};')).toEqual([]);
    expect(await compressedCopies('sw.js', script)).toEqual([]);
    expect(await compressedCopies('index.html', script)).toEqual([]);
    expect(await compressedCopies('assets/photo-abc.png', script)).toEqual([]);
  });

  it('keeps no copy that is not smaller than the file', async () => {
    // Random bytes do not compress: each copy would only add its headers.
    expect(await compressedCopies('assets/noise-abc.js', randomBytes(4096))).toEqual([]);
  });
});
