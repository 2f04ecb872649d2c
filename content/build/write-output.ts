import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomically, writeStaticSounds } from './audio/audio-cache.ts';
import { CATALOGUE_FILE, type BuiltCatalogue } from './built-catalogue.ts';
import { audioDirIn, picturesDirIn } from './paths.ts';
import { blackPictureFile, colourPictureFile } from './pictures/openmoji.ts';

/**
 * Writes the build output: the used OpenMoji pictures (colour, and black outlines under bw/), the sound
 * effects, then catalogue.json last, so a server never reads a catalogue whose pictures are missing.
 */
export async function writeBuildOutput(catalogue: BuiltCatalogue, distDir: string): Promise<void> {
  const picturesDir = picturesDirIn(distDir);
  const wanted = new Set(catalogue.pictures.map((hexcode) => `${hexcode}.svg`));
  for (const [folder, source] of [
    [picturesDir, colourPictureFile],
    [path.join(picturesDir, 'bw'), blackPictureFile],
  ] as const) {
    fs.mkdirSync(folder, { recursive: true });
    for (const stale of fs.readdirSync(folder).filter((file) => file.endsWith('.svg') && !wanted.has(file))) {
      fs.rmSync(path.join(folder, stale));
    }
    for (const hexcode of catalogue.pictures) {
      const from = source(hexcode);
      if (fs.existsSync(from)) fs.copyFileSync(from, path.join(folder, `${hexcode}.svg`));
    }
  }
  await writeStaticSounds(audioDirIn(distDir));
  writeFileAtomically(path.join(distDir, CATALOGUE_FILE), JSON.stringify(catalogue));
}
