import { joinWords, normaliseSentence, splitList } from '../answer-text.ts';
import {
  defineExerciseType,
  fixedTitle,
  swapsField,
  textField,
  wordsAnswerSchema,
} from '../exercise-type.ts';
import { swappedVariants, type SwapGroups } from '../swapped-items.ts';
import { courseWordSet, matchTypedAny } from '../../review/forgiving-check.ts';

/** The chips offered for the blanks, stored as one semicolon-separated string. */
export function blankOptions(fields: { type10_options: string }): string[] {
  return splitList(fields.type10_options);
}

/** The words cut out of the sentence, in sentence order, stored as one semicolon-separated string. */
export function missingWords(fields: { type10_missing_words: string }): string[] {
  return splitList(fields.type10_missing_words);
}

const folded = (text: string) => normaliseSentence(text).toLowerCase();

/**
 * Type 10: the sentence is shown with its missing words blanked; the client sends every word of the
 * completed sentence in order, and their join must equal the sentence (SPEC §5, case-insensitive).
 */
export const fillInBlanks = defineExerciseType({
  type: 10,
  name: 'fill-in-blanks',
  fields: {
    type10_sentence: textField,
    type10_options: textField,
    type10_missing_words: textField,
    type10_translation: textField,
    /** Not in SPEC §3: coordinated items that may come in either order (swapped-items.ts). */
    type10_swaps: swapsField,
  },
  refine: (fields, ctx) => {
    const options = blankOptions(fields).map(folded);
    const sentence = ` ${folded(fields.type10_sentence)} `;
    for (const word of missingWords(fields)) {
      if (!options.includes(folded(word))) {
        ctx.addIssue({
          code: 'custom',
          message: `missing word '${word}' is not among type10_options`,
          path: ['type10_options'],
        });
      }
      if (!sentence.includes(folded(word))) {
        ctx.addIssue({
          code: 'custom',
          message: `missing word '${word}' does not occur in type10_sentence`,
          path: ['type10_missing_words'],
        });
      }
    }
  },
  answer: wordsAnswerSchema,
  mainButton: 'verify',
  production: true,
  speaking: false,
  check: (fields, answer) => match(fields, answer.words) !== null,
  matchTyped: (fields, answer) => match(fields, answer.words),
  rightAnswer: (fields) => fields.type10_sentence,
  audioPhrase: () => undefined,
  title: () => fixedTitle(10),
  accepts: (fields) => [fields.type10_sentence],
});

/**
 * The blanks are filled with chips, so another chip is never "a typo" of the right one. Marked coordinated
 * items may come in either order (swapped-items.ts); the sentence as written is tried first.
 */
function match(
  fields: { type10_sentence: string; type10_options: string; type10_swaps?: SwapGroups | undefined },
  words: string[],
) {
  return matchTypedAny(
    joinWords(words),
    swappedVariants(fields.type10_sentence, fields.type10_swaps),
    courseWordSet(blankOptions(fields)),
  );
}
