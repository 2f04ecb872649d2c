import { z } from 'zod';
import { defineExerciseType, fixedTitle, textField, verdictAnswerSchema } from '../exercise-type.ts';
import { verdictIsCorrect } from './verdict.ts';

/** Type 2: a translation is shown; the learner says whether it is right or 'not properly'. */
export const isTranslationCorrect = defineExerciseType({
  type: 2,
  name: 'is-translation-correct',
  fields: {
    type2_translation: textField,
    type2_isCorrect: z.boolean(),
    /** Not in SPEC §3: the target-language word and its picture shown with the translation (SPEC §2). */
    type2_word: textField.optional(),
    type2_image: textField.optional(),
  },
  answer: verdictAnswerSchema,
  mainButton: 'right',
  production: false,
  speaking: false,
  check: (fields, answer) => verdictIsCorrect(fields.type2_isCorrect, answer.verdict),
  rightAnswer: () => undefined,
  audioPhrase: () => undefined,
  title: () => fixedTitle(2),
});
