import { defineExerciseType, fixedTitle, furtherAnswerSchema, textField } from '../exercise-type.ts';
import { nounGenderSchema } from '../noun-gender.ts';

/** Type 1: a picture and a new word with its recording; the learner listens and presses 'further'. */
export const listenAndSpeak = defineExerciseType({
  type: 1,
  name: 'listen-and-speak',
  fields: {
    type1_word: textField,
    type1_image: textField,
    /** Not in SPEC §3: the word in the learner's language, shown under the picture. */
    type1_translation: textField.optional(),
    /** Not in SPEC §3: the noun's gender where its article hides it, shown after the word (noun-gender.ts). */
    type1_gender: nounGenderSchema.optional(),
  },
  answer: furtherAnswerSchema,
  mainButton: 'further',
  production: false,
  speaking: false,
  check: () => true,
  rightAnswer: (fields) => fields.type1_word,
  audioPhrase: (fields) => fields.type1_word,
  title: () => fixedTitle(1),
});
