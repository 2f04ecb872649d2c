import { normaliseSentence } from '@parlo/core/exercises/answer-text';

/** The words of a sentence as chips: sentence punctuation at the ends dropped, inner marks kept on words. */
export function sentenceTokens(text: string): string[] {
  return normaliseSentence(text).split(' ').filter(Boolean);
}

/** A token without the punctuation around it, lower-cased: how tokens are compared. */
export function bareToken(token: string): string {
  return token
    .normalize('NFC')
    .replace(/^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu, '')
    .toLowerCase();
}

function wordPattern(word: string): RegExp {
  const escaped = word.normalize('NFC').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu');
}

/** Whether `word` occurs in `text` as a whole word (case-insensitive). */
export function containsWord(text: string, word: string): boolean {
  return wordPattern(word).test(text.normalize('NFC'));
}

export const BLANK = '___';

/** The sentence with the first whole-word occurrence of `word` replaced by the blank. */
export function blankOut(text: string, word: string): string {
  return text.normalize('NFC').replace(wordPattern(word), BLANK);
}
