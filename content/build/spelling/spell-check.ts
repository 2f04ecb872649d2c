import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { LoadedCourse } from '../format/load-courses.ts';
import type { ProblemList } from '../problems.ts';
import { containsWord } from '../text-tokens.ts';

/** Debian's hunspell dictionary of each course language (`hunspell-en-gb`, `-de-de`, `-fr`, `-es`). */
export const dictionaries: Record<string, string> = { en: 'en_GB', de: 'de_DE', fr: 'fr_FR', es: 'es_ES' };

const dictionaryDir = '/usr/share/hunspell';
/** Names and deliberate forms the dictionary lacks: one per line, `#` starts a comment. */
export const allowListName = 'spelling-allow.txt';

/** Finds the words of `texts` a dictionary does not know; null when the dictionary is not installed. */
export type SpellChecker = (dictionary: string, texts: readonly string[]) => Set<string> | null;

/** Hunspell's command line (`-l` lists unknown words), the way Debian installs it. */
export const hunspell: SpellChecker = (dictionary, texts) => {
  if (!fs.existsSync(path.join(dictionaryDir, `${dictionary}.dic`))) return null;
  try {
    const output = execFileSync('hunspell', ['-d', dictionary, '-i', 'utf-8', '-l'], {
      input: texts.join('\n'),
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    });
    return new Set(output.split('\n').filter(Boolean));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
};

export interface SpellingRow {
  course: string;
  dictionary: string;
  /** False when the dictionary or hunspell is not installed: nothing was checked. */
  checked: boolean;
  texts: number;
  unknown: number;
}

function readAllowList(coursesDir: string, course: LoadedCourse): Set<string> {
  const file = path.join(coursesDir, course.folder, allowListName);
  if (!fs.existsSync(file)) return new Set();
  return new Set(
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .map((line) => line.replace(/#.*/, '').trim())
      .filter(Boolean),
  );
}

/** The target-language text a learner reads, types or hears: words, phrases and their accepted variants. */
function targetTexts(course: LoadedCourse) {
  const texts: { text: string; at: { file: LoadedCourse['file']; path: readonly (string | number)[] } }[] =
    [];
  for (const program of course.programs) {
    for (const topic of program.topics) {
      if (topic.kind !== 'normal') continue;
      for (const item of [...topic.words, ...topic.phrases]) {
        texts.push({ text: item.data.text, at: { file: item.file, path: [...item.path, 'text'] } });
        const variants = item.kind === 'phrase' ? (item.data.variants ?? []) : [];
        variants.forEach((variant, index) =>
          texts.push({ text: variant, at: { file: item.file, path: [...item.path, 'variants', index] } }),
        );
      }
    }
  }
  return texts;
}

/**
 * Spell-checks each course's target text with its hunspell dictionary. An unknown word is an error at the
 * first place it is written, unless the course's allow-list names it.
 */
export function checkSpelling(
  coursesDir: string,
  courses: readonly LoadedCourse[],
  problems: ProblemList,
  spellChecker: SpellChecker = hunspell,
): SpellingRow[] {
  const rows: SpellingRow[] = [];
  for (const course of courses) {
    const dictionary = dictionaries[course.data.code];
    if (!dictionary) continue;
    const texts = targetTexts(course);
    const unknown = spellChecker(
      dictionary,
      texts.map((entry) => entry.text),
    );
    if (!unknown) {
      rows.push({ course: course.data.code, dictionary, checked: false, texts: texts.length, unknown: 0 });
      continue;
    }
    const allowed = readAllowList(coursesDir, course);
    // Numbers and times (8h, 16) are not spelling.
    const reported = [...unknown].filter((word) => !allowed.has(word) && !/\p{N}/u.test(word)).sort();
    for (const word of reported) {
      const first = texts.find((entry) => containsWord(entry.text, word)) ?? texts[0];
      if (!first) continue;
      problems.error(
        first.at.file,
        first.at.path,
        `'${word}' is not in the ${dictionary} dictionary: fix the spelling, or add it to courses/${course.data.code}/${allowListName} if it is a name or a deliberate form`,
      );
    }
    rows.push({
      course: course.data.code,
      dictionary,
      checked: true,
      texts: texts.length,
      unknown: reported.length,
    });
  }
  return rows;
}

export function formatSpelling(rows: readonly SpellingRow[]): string[] {
  return rows.map((row) =>
    row.checked
      ? `${row.course}: ${row.texts} texts checked with ${row.dictionary}, ${row.unknown} unknown word(s)`
      : `${row.course}: not checked (apt-get install hunspell hunspell-${row.dictionary.toLowerCase().replace('_', '-')})`,
  );
}
