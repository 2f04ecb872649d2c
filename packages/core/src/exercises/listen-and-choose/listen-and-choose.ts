import { z } from 'zod';
import { splitList } from '../answer-text.ts';
import {
  choiceAnswerSchema,
  chosenOptionIsCorrect,
  correctOption,
  defineExerciseType,
  fixedTitle,
  refineOptions,
  textField,
} from '../exercise-type.ts';

/**
 * SPEC §3 gives type6_translation as one string next to a list of flags, so the string is the option list,
 * separated by semicolons like the other list strings (type 9, type 11).
 */
export function listenAndChooseOptions(fields: { type6_translation: string }): string[] {
  return splitList(fields.type6_translation);
}

/** Type 6: the learner hears type6_word and picks the matching option. */
export const listenAndChoose = defineExerciseType({
  type: 6,
  name: 'listen-and-choose',
  fields: {
    type6_word: textField,
    type6_translation: textField,
    type6_isCorrect: z.array(z.boolean()),
  },
  refine: (fields, ctx) =>
    refineOptions(ctx, fields.type6_isCorrect, 'type6_isCorrect', {
      values: listenAndChooseOptions(fields),
      path: 'type6_translation',
    }),
  answer: choiceAnswerSchema,
  mainButton: 'verify',
  production: false,
  speaking: false,
  check: (fields, answer) => chosenOptionIsCorrect(fields.type6_isCorrect, answer.choice),
  rightAnswer: (fields) => correctOption(listenAndChooseOptions(fields), fields.type6_isCorrect),
  audioPhrase: (fields) => fields.type6_word,
  title: () => fixedTitle(6),
});
