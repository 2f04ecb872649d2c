import { joinWords, normaliseSentence, sameSentence, splitList } from '../answer-text.ts';
import {
  defineExerciseType,
  fixedTitle,
  swapsField,
  textField,
  wordsAnswerSchema,
} from '../exercise-type.ts';
import { matchesInAnyOrder } from '../swapped-items.ts';

/** The word chips offered; SPEC §3 stores them as one string separated by '; '. */
export function wordChips(fields: { type9_word_choice: string }): string[] {
  return splitList(fields.type9_word_choice);
}

/**
 * SPEC §5 compares the joined chips with the correct-order string as is, so case counts here (the chips
 * carry their own case); the sentence rules of answer-text.ts still apply.
 */
function isRightOrder(words: readonly string[], correctOrder: string): boolean {
  return sameSentence(joinWords(words), correctOrder, { ignoreCase: false });
}

/** Whether some arrangement of distinct chips passes the check: otherwise the exercise cannot be solved. */
export function canBeBuiltFromChips(correctOrder: string, chips: readonly string[]): boolean {
  const target = normaliseSentence(correctOrder).split(' ');
  const chipTokens = chips.map((chip) => normaliseSentence(chip).split(' '));
  const used = chips.map(() => false);
  const picked: number[] = [];
  const bare = (token: string) => normaliseSentence(token);

  const search = (position: number): boolean => {
    if (position === target.length) {
      return isRightOrder(
        picked.map((index) => chips[index] ?? ''),
        correctOrder,
      );
    }
    return chipTokens.some((tokens, index) => {
      if (used[index] || tokens.length === 0) return false;
      const fits = tokens.every(
        (token, offset) => bare(token) === bare(target[position + offset] ?? '\u0000'),
      );
      if (!fits) return false;
      used[index] = true;
      picked.push(index);
      const found = search(position + tokens.length);
      used[index] = false;
      picked.pop();
      return found;
    });
  };
  return target.length > 0 && search(0);
}

/** Type 9: the learner builds the translation of type9_sentence from word chips. */
export const translateSentence = defineExerciseType({
  type: 9,
  name: 'translate-sentence',
  fields: {
    type9_word_choice: textField,
    type9_in_correct_order: textField,
    type9_sentence: textField,
    /** Not in SPEC §3: coordinated items that may come in either order (swapped-items.ts). */
    type9_swaps: swapsField,
  },
  refine: (fields, ctx) => {
    if (!canBeBuiltFromChips(fields.type9_in_correct_order, wordChips(fields))) {
      ctx.addIssue({
        code: 'custom',
        message: 'type9_in_correct_order cannot be built from the chips of type9_word_choice',
        path: ['type9_in_correct_order'],
      });
    }
  },
  answer: wordsAnswerSchema,
  mainButton: 'verify',
  production: true,
  speaking: false,
  check: (fields, answer) =>
    matchesInAnyOrder(
      joinWords(answer.words),
      fields.type9_in_correct_order,
      fields.type9_swaps,
      (given, order) => sameSentence(given, order, { ignoreCase: false }),
    ),
  rightAnswer: (fields) => fields.type9_in_correct_order,
  audioPhrase: () => undefined,
  title: () => fixedTitle(9),
  accepts: (fields) => [fields.type9_in_correct_order],
});
