import { z } from 'zod';
import {
  choiceAnswerSchema,
  chosenOptionIsCorrect,
  correctOption,
  defineExerciseType,
  refineOptions,
  textField,
} from '../exercise-type.ts';

/** Type 3: the word is the title; the learner picks the option matching it. */
export const choosePictureByTranslation = defineExerciseType({
  type: 3,
  name: 'choose-picture-by-translation',
  fields: {
    type3_word: textField,
    type3_image: textField,
    type3_translation: z.array(textField),
    type3_isCorrect: z.array(z.boolean()),
    /** Not in SPEC §3: the picture of each option, parallel to type3_translation. */
    type3_images: z.array(textField).optional(),
  },
  refine: (fields, ctx) => {
    refineOptions(ctx, fields.type3_isCorrect, 'type3_isCorrect', {
      values: fields.type3_translation,
      path: 'type3_translation',
    });
    if (fields.type3_images && fields.type3_images.length !== fields.type3_isCorrect.length) {
      ctx.addIssue({
        code: 'custom',
        message: 'type3_images needs one picture per option',
        path: ['type3_images'],
      });
    }
  },
  answer: choiceAnswerSchema,
  mainButton: 'verify',
  production: false,
  speaking: false,
  check: (fields, answer) => chosenOptionIsCorrect(fields.type3_isCorrect, answer.choice),
  rightAnswer: (fields) => correctOption(fields.type3_translation, fields.type3_isCorrect),
  audioPhrase: () => undefined,
  title: (fields) => ({ kind: 'text', text: fields.type3_word }),
});
