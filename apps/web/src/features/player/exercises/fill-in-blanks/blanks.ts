import { normaliseSentence } from '@parlo/core/exercises/answer-text';
import { missingWords } from '@parlo/core/exercises/fill-in-blanks/fill-in-blanks';

const bare = (word: string) => normaliseSentence(word).toLowerCase();
const TRAILING_MARKS = /[.,!?;:…]+$/u;

export interface BlankedSentence {
  tokens: string[];
  /** Token positions that are blanks, in sentence order. */
  blanks: number[];
}

/** Splits the sentence on spaces and blanks each missing word, in order, at its next occurrence. */
export function blankSentence(fields: {
  type10_sentence: string;
  type10_missing_words: string;
}): BlankedSentence {
  const tokens = fields.type10_sentence.split(/\s+/).filter(Boolean);
  const blanks: number[] = [];
  let from = 0;
  for (const word of missingWords(fields)) {
    const at = tokens.findIndex((token, index) => index >= from && bare(token) === bare(word));
    if (at === -1) continue;
    blanks.push(at);
    from = at + 1;
  }
  return { tokens, blanks };
}

/**
 * The words of the completed sentence (the answer of type 10), once every blank holds a chip; the
 * punctuation that followed a blanked word stays with it.
 */
export function filledWords(
  sentence: BlankedSentence,
  filled: readonly (string | undefined)[],
): string[] | undefined {
  if (sentence.blanks.some((_, blank) => filled[blank] === undefined)) return undefined;
  return sentence.tokens.map((token, index) => {
    const blank = sentence.blanks.indexOf(index);
    if (blank === -1) return token;
    return `${filled[blank] ?? ''}${TRAILING_MARKS.exec(token)?.[0] ?? ''}`;
  });
}
