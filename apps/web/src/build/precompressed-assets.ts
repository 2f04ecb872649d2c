import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/*
 * The build's scripts and styles, compressed once at their best (brotli 11, gzip 9) and written beside
 * them as `.br` and `.gz`: the server sends those as they are (@fastify/static `preCompressed`) instead
 * of gzipping every request at a faster level. Only `assets/`: their names change with their content, so
 * a compressed copy can never be older than its file.
 */

const COMPRESSIBLE = /^assets\/.+\.(?:js|css|svg)$/;
/** Below this, compression saves less than the headers it adds (@fastify/compress's threshold too). */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export interface CompressedCopy {
  fileName: string;
  source: Buffer;
}

/** The `.br` and `.gz` copies of one built file, or none if it is not worth compressing. */
export async function compressedCopies(
  fileName: string,
  source: string | Uint8Array,
): Promise<CompressedCopy[]> {
  const bytes =
    typeof source === 'string'
      ? Buffer.from(source)
      : Buffer.from(source.buffer, source.byteOffset, source.byteLength);
  if (!COMPRESSIBLE.test(fileName) || bytes.length < MIN_BYTES) return [];
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzipped(bytes, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return [
    { fileName: `${fileName}.br`, source: br },
    { fileName: `${fileName}.gz`, source: gz },
  ].filter((copy) => copy.source.length < bytes.length);
}

export function precompressedAssets(): Plugin {
  return {
    name: 'parlo-precompressed-assets',
    apply: 'build',
    // After the files are written, from the bundle's final code: nothing changes them afterwards.
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const copies = await Promise.all(
        Object.values(bundle).map((file) =>
          compressedCopies(file.fileName, file.type === 'chunk' ? file.code : file.source),
        ),
      );
      await Promise.all(
        copies.flat().map((copy) => writeFile(path.join(outDir, copy.fileName), copy.source)),
      );
    },
  };
}
