import { z } from 'zod';
import {
  choiceAnswerSchema,
  chosenOptionIsCorrect,
  correctOption,
  defineExerciseType,
  refineOptions,
  textField,
} from '../exercise-type.ts';

/** Type 5: "choose «word»" among written translations. */
export const chooseTranslation = defineExerciseType({
  type: 5,
  name: 'choose-translation',
  fields: {
    type5_word: textField,
    type5_translation: z.array(textField),
    type5_isCorrect: z.array(z.boolean()),
  },
  refine: (fields, ctx) =>
    refineOptions(ctx, fields.type5_isCorrect, 'type5_isCorrect', {
      values: fields.type5_translation,
      path: 'type5_translation',
    }),
  answer: choiceAnswerSchema,
  mainButton: 'verify',
  production: false,
  speaking: false,
  check: (fields, answer) => chosenOptionIsCorrect(fields.type5_isCorrect, answer.choice),
  rightAnswer: (fields) => correctOption(fields.type5_translation, fields.type5_isCorrect),
  audioPhrase: () => undefined,
  title: (fields) => ({ kind: 'choose', word: fields.type5_word }),
});
