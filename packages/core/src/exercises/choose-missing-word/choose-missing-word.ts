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

/** Type 8: the sentence has a blank; the learner fills it from the answers (usually four). */
export const chooseMissingWord = defineExerciseType({
  type: 8,
  name: 'choose-missing-word',
  fields: {
    type8_sentence: textField,
    type8_answer: z.array(textField),
    type8_isCorrect: z.array(z.boolean()),
    type8_translation: textField,
  },
  refine: (fields, ctx) =>
    refineOptions(ctx, fields.type8_isCorrect, 'type8_isCorrect', {
      values: fields.type8_answer,
      path: 'type8_answer',
    }),
  answer: choiceAnswerSchema,
  mainButton: 'verify',
  production: false,
  speaking: false,
  check: (fields, answer) => chosenOptionIsCorrect(fields.type8_isCorrect, answer.choice),
  rightAnswer: (fields) => correctOption(fields.type8_answer, fields.type8_isCorrect),
  audioPhrase: () => undefined,
  title: () => fixedTitle(8),
});
