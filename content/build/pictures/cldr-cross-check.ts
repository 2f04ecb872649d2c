import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { LoadedWord } from '../format/load-courses.ts';
import type { Problem } from '../problems.ts';
import { emojiOf } from './openmoji.ts';

const require = createRequire(import.meta.url);
const annotationsRoot = path.join(
  path.dirname(require.resolve('cldr-annotations-full/package.json')),
  'annotations',
);
const cache = new Map<string, Map<string, string[]> | null>();

/** CLDR's names and keywords of every emoji in one language (null when CLDR has no such language). */
function annotationsOf(language: string): Map<string, string[]> | null {
  if (cache.has(language)) return cache.get(language) ?? null;
  const file = path.join(annotationsRoot, language, 'annotations.json');
  let result: Map<string, string[]> | null = null;
  if (fs.existsSync(file)) {
    const json = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      annotations: { annotations: Record<string, { default?: string[]; tts?: string[] }> };
    };
    result = new Map(
      Object.entries(json.annotations.annotations).map(([emoji, entry]) => [
        emoji,
        [...(entry.tts ?? []), ...(entry.default ?? [])],
      ]),
    );
  }
  cache.set(language, result);
  return result;
}

const SCRIPT_WITHOUT_SPACES = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

function pieces(text: string): string[] {
  const folded = text.normalize('NFC').toLowerCase();
  if (SCRIPT_WITHOUT_SPACES.test(folded))
    return [...folded].filter((char) => SCRIPT_WITHOUT_SPACES.test(char));
  return folded.split(/[^\p{L}\p{N}]+/u).filter((piece) => piece.length >= 2);
}

/** Whether two texts share a word (or, for inflected forms, the first four letters of one). */
function shareSomething(text: string, annotations: readonly string[]): boolean {
  const annotationPieces = annotations.flatMap(pieces);
  return pieces(text).some((piece) =>
    annotationPieces.some((other) => {
      if (piece.length < 3 || other.length < 3) return piece === other;
      const stem = Math.min(4, piece.length, other.length);
      return other.includes(piece) || piece.includes(other) || other.slice(0, stem) === piece.slice(0, stem);
    }),
  );
}

/**
 * A cheap sanity check of word pictures: a warning for each word whose text and translations mostly
 * (in more than half of the languages CLDR annotates) share nothing with CLDR's annotation of its emoji
 * in that language, so the picture may show something else. Only a hint: a greeting shown as a waving
 * hand is fine although CLDR calls it 'waving hand'.
 */
export function crossCheckPictures(courseCode: string, words: readonly LoadedWord[]): Problem[] {
  const warnings: Problem[] = [];
  for (const word of words) {
    const picture = word.data.picture;
    if (!picture) continue;
    const emoji = emojiOf(picture).replace(/\uFE0F/gu, '');
    const texts: [string, string][] = [[courseCode, word.data.text], ...Object.entries(word.data.tr)];
    let checked = 0;
    const unrelated: string[] = [];
    let example = '';
    for (const [language, text] of texts) {
      const annotation = annotationsOf(language)?.get(emoji);
      if (!annotation) continue;
      checked += 1;
      if (shareSomething(text, annotation)) continue;
      unrelated.push(language);
      example ||= `${language} '${text}' vs '${annotation.slice(0, 3).join(', ')}'`;
    }
    if (checked > 0 && unrelated.length * 2 > checked) {
      warnings.push({
        severity: 'warning',
        file: word.file.name,
        line: word.file.lineOf([...word.path, 'picture']),
        message: `picture ${picture} of '${word.data.id}' shares nothing with CLDR in ${unrelated.join(' ')} (e.g. ${example})`,
      });
    }
  }
  return warnings;
}
