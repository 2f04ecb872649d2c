import { z } from 'zod';
import { verdictIsCorrect } from '../is-translation-correct/verdict.ts';
import { defineExerciseType, textField, verdictAnswerSchema } from '../exercise-type.ts';

/** Type 15: an image, a word and a translation; the learner says 'right' or 'not properly'. */
export const imageTranslationWord = defineExerciseType({
  type: 15,
  name: 'image-translation-word',
  fields: {
    type15_image: textField,
    type15_translation: textField,
    type15_word: textField,
    type15_isCorrect: z.boolean(),
    type15_title: textField,
  },
  answer: verdictAnswerSchema,
  mainButton: 'right',
  production: false,
  speaking: false,
  check: (fields, answer) => verdictIsCorrect(fields.type15_isCorrect, answer.verdict),
  rightAnswer: () => undefined,
  audioPhrase: () => undefined,
  title: (fields) => ({ kind: 'text', text: fields.type15_title }),
});
