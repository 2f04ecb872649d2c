import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** The installed OpenMoji package (CC BY-SA 4.0): colour SVGs in color/svg, black outlines in black/svg. */
export const openMojiDir = path.dirname(require.resolve('openmoji/package.json'));

export function colourPictureFile(hexcode: string): string {
  return path.join(openMojiDir, 'color', 'svg', `${hexcode}.svg`);
}

export function blackPictureFile(hexcode: string): string {
  return path.join(openMojiDir, 'black', 'svg', `${hexcode}.svg`);
}

const known = new Map<string, boolean>();

export function pictureExists(hexcode: string): boolean {
  let exists = known.get(hexcode);
  if (exists === undefined) {
    exists = fs.existsSync(colourPictureFile(hexcode));
    known.set(hexcode, exists);
  }
  return exists;
}

/** The emoji character(s) of a hexcode, e.g. 1F1E9-1F1EA → 🇩🇪 (used to look up CLDR annotations). */
export function emojiOf(hexcode: string): string {
  return String.fromCodePoint(...hexcode.split('-').map((part) => Number.parseInt(part, 16)));
}
