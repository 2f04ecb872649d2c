import { z } from 'zod';
import {
  choiceAnswerSchema,
  chosenOptionIsCorrect,
  defineExerciseType,
  refineOptions,
  textField,
} from '../exercise-type.ts';

/** Type 4: "choose «word»" among pictures; one flag per picture. */
export const choosePicture = defineExerciseType({
  type: 4,
  name: 'choose-picture',
  fields: {
    type4_word: textField,
    type4_isCorrect: z.array(z.boolean()),
    /** Not in SPEC §3: the pictures to choose from, parallel to type4_isCorrect. */
    type4_images: z.array(textField).optional(),
  },
  refine: (fields, ctx) =>
    refineOptions(
      ctx,
      fields.type4_isCorrect,
      'type4_isCorrect',
      fields.type4_images ? { values: fields.type4_images, path: 'type4_images' } : undefined,
    ),
  answer: choiceAnswerSchema,
  mainButton: 'verify',
  production: false,
  speaking: false,
  check: (fields, answer) => chosenOptionIsCorrect(fields.type4_isCorrect, answer.choice),
  // SPEC §2: a wrong picture shows the 'incorrect' message only.
  rightAnswer: () => undefined,
  audioPhrase: () => undefined,
  title: (fields) => ({ kind: 'choose', word: fields.type4_word }),
});
