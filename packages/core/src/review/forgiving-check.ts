import { asExpected, normaliseText } from '../exercises/answer-text.ts';
import { contractionSpellings } from '../exercises/contractions.ts';

/**
 * The forgiving check for typed answers (types 10, 11 and 13; issue 16). It runs in the browser for the
 * instant panel and on the server for the result that counts, so both always agree.
 *
 * Compared word by word, after folding case, punctuation and spacing away:
 * - a word typed without its accent or diacritic (é→e, ñ→n, ü→u, ß→ss) is accepted and pointed out;
 * - one typo in the whole answer (Damerau–Levenshtein distance 1: one letter missing, extra, wrong, or two
 *   neighbours swapped) is accepted in a word of 5 letters or more, unless what was typed is another word
 *   of the course ("pero" for "perro" is a different word, not a slip);
 * - a number in digits equals the same number in words ("11" for "elf", number-words.ts);
 * - an English contraction equals its long form ("I'm" for "I am", contractions.ts);
 * - anything else is wrong.
 * The result names the letters of the expected answer to fix, so the player can highlight them.
 */

export type TypedVerdict = 'exact' | 'accent' | 'typo';

/** The expected answer cut into runs; `fix` marks letters the learner got wrong (accent or typo). */
export interface AnswerSegment {
  text: string;
  fix: boolean;
}

export interface TypedMatch {
  verdict: TypedVerdict;
  /** The accepted answer that matched, as written in the course. */
  expected: string;
  segments: AnswerSegment[];
}

/** Words shorter than this must be exact but for accents: a one-letter slip in a short word is often another word. */
export const MIN_TYPO_WORD_LENGTH = 5;

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;
const APOSTROPHE = /['’]/gu;

interface Token {
  /** Lower-case NFC letters, apostrophes removed. */
  word: string;
  /** Where the token sits in the original text (UTF-16 offsets). */
  start: number;
  end: number;
}

function tokens(text: string): Token[] {
  const normal = normaliseText(text);
  return [...normal.matchAll(WORD)].map((match) => ({
    word: match[0].toLowerCase().replace(APOSTROPHE, ''),
    start: match.index,
    end: match.index + match[0].length,
  }));
}

/** Letters without their marks (NFD, marks dropped), ß as ss and the ligatures spelt out. */
export function foldLetter(letter: string): string {
  const lower = letter.toLowerCase();
  if (lower === 'ß') return 'ss';
  if (lower === 'æ') return 'ae';
  if (lower === 'œ') return 'oe';
  if (lower === 'ø') return 'o';
  if (lower === 'ł') return 'l';
  return lower.normalize('NFD').replace(/\p{M}/gu, '');
}

/** A word without accents, and for each folded character the index of the letter it came from. */
function fold(word: string): { folded: string; origin: number[] } {
  const letters = [...word];
  let folded = '';
  const origin: number[] = [];
  letters.forEach((letter, index) => {
    for (const char of foldLetter(letter)) {
      folded += char;
      origin.push(index);
    }
  });
  return { folded, origin };
}

export function withoutAccents(text: string): string {
  return [...text].map(foldLetter).join('');
}

/**
 * Where `given` differs from `expected` when their Damerau–Levenshtein distance is exactly 1 (restricted:
 * one insertion, deletion, substitution or swap of neighbours); null when the distance is 0 or above 1.
 * The range is in `expected`'s characters; an extra letter marks the letter it was typed next to.
 */
export function singleEdit(given: string, expected: string): { start: number; end: number } | null {
  const a = [...given];
  const b = [...expected];
  if (Math.abs(a.length - b.length) > 1) return null;
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix += 1;
  if (prefix === a.length && prefix === b.length) return null;
  let suffix = 0;
  while (
    suffix < a.length - prefix &&
    suffix < b.length - prefix &&
    a[a.length - 1 - suffix] === b[b.length - 1 - suffix]
  )
    suffix += 1;
  const restGiven = a.length - prefix - suffix;
  const restExpected = b.length - prefix - suffix;
  if (restGiven === 1 && restExpected === 1) return { start: prefix, end: prefix + 1 };
  if (restGiven === 0 && restExpected === 1) return { start: prefix, end: prefix + 1 };
  if (restGiven === 1 && restExpected === 0) {
    const start = Math.min(prefix, b.length - 1);
    return { start, end: start + 1 };
  }
  if (restGiven === 2 && restExpected === 2 && a[prefix] === b[prefix + 1] && a[prefix + 1] === b[prefix]) {
    return { start: prefix, end: prefix + 2 };
  }
  return null;
}

interface WordMatch {
  verdict: TypedVerdict;
  /** Indexes of the expected word's letters to highlight. */
  fix: Set<number>;
}

function matchWord(given: string, expected: string, courseWords: ReadonlySet<string>): WordMatch | null {
  if (given === expected) return { verdict: 'exact', fix: new Set() };
  const givenFolded = fold(given).folded;
  const expectedFold = fold(expected);
  if (givenFolded === expectedFold.folded) return { verdict: 'accent', fix: accentFixes(given, expected) };
  if (expectedFold.folded.length < MIN_TYPO_WORD_LENGTH) return null;
  const edit = singleEdit(givenFolded, expectedFold.folded);
  if (!edit) return null;
  if (courseWords.has(givenFolded)) return null;
  const fix = new Set<number>();
  for (let index = edit.start; index < edit.end; index += 1) {
    const letter = expectedFold.origin[index];
    if (letter !== undefined) fix.add(letter);
  }
  return { verdict: 'typo', fix };
}

/** The expected letters the learner typed without their mark (é typed as e, ß as ss). */
function accentFixes(given: string, expected: string): Set<number> {
  const fix = new Set<number>();
  const typed = [...given];
  let position = 0;
  [...expected].forEach((letter, index) => {
    if (typed[position] === letter) {
      position += 1;
      return;
    }
    fix.add(index);
    position += [...foldLetter(letter)].length;
  });
  return fix;
}

/**
 * Course words folded for the "another word of the course" rule. The build lists, per exercise, the course
 * words one edit away from its answers (`near words`), so the check needs no course-wide data.
 */
export function courseWordSet(words: readonly string[]): Set<string> {
  return new Set(words.flatMap((text) => tokens(text).map((token) => fold(token.word).folded)));
}

/** Whether numbers may be respelt (`asExpected`): "21" is "twenty-one", a text no key of "21" finds. */
function hasNumber(text: string): boolean {
  return /\d/u.test(text);
}

/**
 * Keys two texts share when their words, accents folded away, are the same but for at most one word a slip
 * apart (`singleEdit`). A slip (a letter missing, extra, wrong, or two swapped) leaves the two words with a
 * spelling in common once one letter is taken out of one or both ("perro", "perrro" → "perro"), so each key
 * is the text's words with one word replaced by itself or by itself less one letter.
 */
function wordKeys(text: string): Set<string> {
  const words = tokens(text).map((token) => fold(token.word).folded);
  const keys = new Set<string>();
  words.forEach((word, at) => {
    const letters = [...word];
    const lessOne = letters.map((_, gone) =>
      [...letters.slice(0, gone), ...letters.slice(gone + 1)].join(''),
    );
    for (const variant of [word, ...lessOne]) {
      keys.add([...words.slice(0, at), `\u0001${variant}`, ...words.slice(at + 1)].join(' '));
    }
  });
  return keys;
}

/** The keys of each spelling of the text with its contractions kept or spelt out. */
function spellingKeys(text: string): Set<string> {
  const keys = new Set<string>();
  for (const spelling of contractionSpellings(text)) for (const key of wordKeys(spelling)) keys.add(key);
  return keys;
}

/**
 * The texts a typed answer may accept, found without matching each one. Unless a number is spelt the
 * other way, `matchTyped` accepts a text only when its words, accents folded away and contractions spelt
 * out where the other side spells them out, are the answer's but for one slip, so only texts sharing a key
 * of `spellingKeys` with an answer can match. The content build checks every typed answer against every
 * text of a course; this keeps it from matching each pair. Returns the texts' indexes, in order, for
 * `matchTypedAny`.
 */
export function typedCandidates(texts: readonly string[]): (answers: readonly string[]) => number[] {
  const byKey = new Map<string, number[]>();
  const always: number[] = [];
  texts.forEach((text, index) => {
    if (hasNumber(text)) {
      always.push(index);
      return;
    }
    for (const key of spellingKeys(text)) {
      const list = byKey.get(key);
      if (list) list.push(index);
      else byKey.set(key, [index]);
    }
  });
  return (answers) => {
    if (answers.some(hasNumber)) return texts.map((_, index) => index);
    const found = new Set(always);
    for (const answer of answers) {
      for (const key of spellingKeys(answer)) for (const index of byKey.get(key) ?? []) found.add(index);
    }
    return [...found].sort((a, b) => a - b);
  };
}

/** One accepted answer against the typed text; see the module comment for the rules. */
export function matchTyped(
  given: string,
  expected: string,
  courseWords: ReadonlySet<string> = new Set(),
): TypedMatch | null {
  return answerCheck(expected, courseWords)(given);
}

/** The best of several accepted answers: exact before accent before typo, then the first listed. */
export function matchTypedAny(
  given: string,
  accepted: readonly string[],
  courseWords: ReadonlySet<string> = new Set(),
): TypedMatch | null {
  return typedAnswersCheck(accepted, courseWords)(given);
}

/**
 * `matchTypedAny` for one set of accepted answers and many typed texts: the answers are cut into words
 * once (the content build puts each answer set against every text of its course).
 */
export function typedAnswersCheck(
  accepted: readonly string[],
  courseWords: ReadonlySet<string> = new Set(),
): (given: string) => TypedMatch | null {
  const checks = accepted.map((expected) => answerCheck(expected, courseWords));
  const rank: Record<TypedVerdict, number> = { exact: 0, accent: 1, typo: 2 };
  return (given) => {
    let best: TypedMatch | null = null;
    for (const check of checks) {
      const match = check(given);
      if (match && (!best || rank[match.verdict] < rank[best.verdict])) best = match;
    }
    return best;
  };
}

function answerCheck(
  expected: string,
  courseWords: ReadonlySet<string>,
): (given: string) => TypedMatch | null {
  const wanted = tokens(expected);
  return (given) => {
    if (wanted.length === 0) return null;
    // "21" typed for "twenty-one" (or the other way round) is the same answer (issue 29 item 18).
    const typed = tokens(asExpected(given, expected));
    if (typed.length !== wanted.length) return null;
    let verdict: TypedVerdict = 'exact';
    const fixes: Array<Set<number>> = [];
    for (const [index, word] of wanted.entries()) {
      const match = matchWord(typed[index]?.word ?? '', word.word, courseWords);
      if (!match) return null;
      if (match.verdict === 'typo') {
        if (verdict === 'typo') return null;
        verdict = 'typo';
      } else if (match.verdict === 'accent' && verdict === 'exact') verdict = 'accent';
      fixes.push(match.fix);
    }
    return { verdict, expected, segments: segmentsOf(normaliseText(expected), wanted, fixes) };
  };
}

function segmentsOf(
  text: string,
  words: readonly Token[],
  fixes: ReadonlyArray<Set<number>>,
): AnswerSegment[] {
  const flags: boolean[] = [...text].map(() => false);
  // Token offsets are UTF-16; turn them into code-point indexes to mark letters.
  const pointIndex = (offset: number) => [...text.slice(0, offset)].length;
  words.forEach((token, index) => {
    const fix = fixes[index];
    if (!fix) return;
    const startPoint = pointIndex(token.start);
    const original = [...text.slice(token.start, token.end)];
    // The folded word dropped apostrophes; map its letter indexes back onto the original token.
    const letterPositions = original.flatMap((char, at) => (char === "'" ? [] : [at]));
    for (const letter of fix) {
      const at = letterPositions[letter];
      if (at !== undefined) flags[startPoint + at] = true;
    }
  });
  const segments: AnswerSegment[] = [];
  [...text].forEach((char, index) => {
    const fix = flags[index] ?? false;
    const last = segments.at(-1);
    if (last && last.fix === fix) last.text += char;
    else segments.push({ text: char, fix });
  });
  return segments;
}

/**
 * The course words one slip away from a word of the answers (what the content build stores with a typed
 * exercise so the check can refuse "another word of the course" without the whole course at hand).
 * `courseWords` is `courseWordSet` of the course's texts, worked out once per course.
 */
export function nearCourseWords(answers: readonly string[], courseWords: ReadonlySet<string>): string[] {
  const answerWords = new Set(
    answers.flatMap((answer) => tokens(answer).map((token) => fold(token.word).folded)),
  );
  const near = new Set<string>();
  for (const word of courseWords) {
    if (answerWords.has(word)) continue;
    for (const answerWord of answerWords) {
      if (answerWord.length >= MIN_TYPO_WORD_LENGTH && singleEdit(word, answerWord)) near.add(word);
    }
  }
  return [...near].sort();
}
