import { z } from 'zod';
import { sameSentence } from '../answer-text.ts';
import { defineExerciseType, fixedTitle, textAnswerSchema, textField } from '../exercise-type.ts';

/** Type 13: the learner hears a word or phrase and types it; any listed spelling is accepted. */
export const writeWhatYouHear = defineExerciseType({
  type: 13,
  name: 'write-what-you-hear',
  fields: {
    type13_word_or_phrase: textField,
    type13_correct_answers: z.array(textField).min(1),
    /** Not in SPEC §3: the meaning in the learner's language (the word-by-word help). */
    type13_translation: textField.optional(),
  },
  answer: textAnswerSchema,
  mainButton: 'verify',
  check: (fields, answer) =>
    fields.type13_correct_answers.some((accepted) =>
      sameSentence(answer.text, accepted, { ignoreCase: true }),
    ),
  rightAnswer: (fields) => fields.type13_correct_answers[0],
  audioPhrase: (fields) => fields.type13_word_or_phrase,
  title: () => fixedTitle(13),
});
