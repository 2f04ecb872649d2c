import { z } from 'zod';
import {
  choiceAnswerSchema,
  chosenOptionIsCorrect,
  correctOption,
  defineExerciseType,
  fixedTitle,
  refineOptions,
  textField,
} from '../exercise-type.ts';

/** Type 12: the learner picks the correct translation of a sentence. */
export const chooseCorrectTranslation = defineExerciseType({
  type: 12,
  name: 'choose-correct-translation',
  fields: {
    type12_sentence: textField,
    type12_translation: z.array(textField),
    type12_isCorrect: z.array(z.boolean()),
  },
  refine: (fields, ctx) =>
    refineOptions(ctx, fields.type12_isCorrect, 'type12_isCorrect', {
      values: fields.type12_translation,
      path: 'type12_translation',
    }),
  answer: choiceAnswerSchema,
  mainButton: 'verify',
  production: false,
  speaking: false,
  check: (fields, answer) => chosenOptionIsCorrect(fields.type12_isCorrect, answer.choice),
  rightAnswer: (fields) => correctOption(fields.type12_translation, fields.type12_isCorrect),
  audioPhrase: () => undefined,
  title: () => fixedTitle(12),
});
