/**
 * Text comparison for typed, assembled and spoken answers (SPEC §5).
 *
 * Every comparison first normalises both sides: Unicode NFC (a precomposed "é" equals "e" + combining
 * accent), typographic apostrophes and quotes folded to ASCII (phone keyboards insert ’ and “), invisible
 * zero-width characters removed, whitespace runs collapsed to one space and trimmed.
 *
 * Sentence comparisons additionally ignore sentence punctuation at the very start and end ("Hello!" equals
 * "Hello", "¿Qué?" equals "Qué") and spaces before closing punctuation ("here ." equals "here."), because
 * the learner cannot be expected to reproduce the exact final mark and word chips join with spaces.
 * Punctuation inside the sentence still counts, so "Yes, I do" and "Yes I do" differ. Letters, accents and
 * word order always count: nothing here can turn a different word into the expected one.
 *
 * A number written in digits equals the same number in words (number-words.ts): recognisers write digits.
 * An English contraction equals its long form (contractions.ts): "I'm" for "I am".
 *
 * Spoken answers (type 14) drop all punctuation, because speech recognisers do not emit reliable
 * punctuation; apostrophes are removed so "don't" equals "dont", other marks become spaces.
 */

import { withContractionsAs } from './contractions.ts';
import { withNumbersAs } from './number-words.ts';

const APOSTROPHES = /[\u2018\u2019\u02BC\u0060\u00B4\u2032]/gu;
const DOUBLE_QUOTES = /[\u201C\u201D\u201E\u00AB\u00BB\u2033]/gu;
const INVISIBLES = /[\u200B-\u200D\u2060\uFEFF]/gu;
const WHITESPACE_RUN = /\s+/gu;

const EDGE_MARKS = '.,!?;:…¿¡"()\\[\\]{}\\-–—。？！、，';
const EDGE_MARK = new RegExp(`^[${EDGE_MARKS}\\s]$`, 'u');
const SPACE_BEFORE_CLOSING = /\s+([.,!?;:…%)\]}"])/gu;
const SPACE_AFTER_OPENING = /([([{¿¡])\s+/gu;

export function normaliseText(text: string): string {
  return text
    .normalize('NFC')
    .replace(INVISIBLES, '')
    .replace(APOSTROPHES, "'")
    .replace(DOUBLE_QUOTES, '"')
    .replace(WHITESPACE_RUN, ' ')
    .trim();
}

/**
 * Drops edge marks by walking in from both ends: a `[…]+$` pattern would retry from every mark of a long
 * run that is not at the end, quadratic in the answer's length.
 */
function trimEdgeMarks(text: string): string {
  const chars = Array.from(text);
  let start = 0;
  let end = chars.length;
  while (start < end && EDGE_MARK.test(chars[start] ?? '')) start += 1;
  while (end > start && EDGE_MARK.test(chars[end - 1] ?? '')) end -= 1;
  return chars.slice(start, end).join('');
}

export function normaliseSentence(text: string): string {
  return trimEdgeMarks(
    normaliseText(text).replace(SPACE_BEFORE_CLOSING, '$1').replace(SPACE_AFTER_OPENING, '$1'),
  );
}

export function normaliseSpokenText(text: string): string {
  return normaliseText(text)
    .toLowerCase()
    .replace(/'/gu, '')
    .replace(/[\p{P}\p{S}]+/gu, ' ')
    .replace(WHITESPACE_RUN, ' ')
    .trim();
}

/**
 * The given answer with the forms that are the same answer spelt as the expected text spells them:
 * numbers in digits or words (number-words.ts) and English contractions (contractions.ts).
 */
export function asExpected(given: string, expected: string): string {
  return withContractionsAs(withNumbersAs(given, expected), expected);
}

export interface SentenceComparison {
  ignoreCase: boolean;
}

/** An empty expectation never matches: a blank answer must not pass an exercise with broken data. */
export function sameSentence(given: string, expected: string, { ignoreCase }: SentenceComparison): boolean {
  const fold = (text: string) =>
    ignoreCase ? normaliseSentence(text).toLowerCase() : normaliseSentence(text);
  const wanted = fold(expected);
  return wanted !== '' && fold(asExpected(given, expected)) === wanted;
}

export function sameSpokenText(recognised: string, expected: string): boolean {
  const wanted = normaliseSpokenText(expected);
  return wanted !== '' && normaliseSpokenText(asExpected(recognised, expected)) === wanted;
}

/**
 * Lists stored as one string ('a; b; c' for type9_word_choice, 'a;b' for type11_correct_answers):
 * split on semicolons, trim each item and drop empty ones, so both separators read the same.
 */
export function splitList(list: string): string[] {
  return list
    .split(';')
    .map((item) => normaliseText(item))
    .filter((item) => item !== '');
}

/** Words are chips or blanks shown as separate tokens; they are joined with single spaces. */
export function joinWords(words: readonly string[]): string {
  return words.map((word) => normaliseText(word)).join(' ');
}
