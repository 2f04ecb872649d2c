import { z } from 'zod';
import { defineExerciseType, fixedTitle, textAnswerSchema, textField } from '../exercise-type.ts';
import { courseWordSet, matchTypedAny } from '../../review/forgiving-check.ts';

/** Type 13: the learner hears a word or phrase and types it; any listed spelling is accepted. */
export const writeWhatYouHear = defineExerciseType({
  type: 13,
  name: 'write-what-you-hear',
  fields: {
    type13_word_or_phrase: textField,
    type13_correct_answers: z.array(textField).min(1),
    /** Not in SPEC §3: the meaning in the learner's language (the word-by-word help). */
    type13_translation: textField.optional(),
    /** Not in SPEC §3: other course words one slip away from an answer; typing one is wrong, not a typo. */
    type13_near_words: z.array(z.string()).optional(),
  },
  answer: textAnswerSchema,
  mainButton: 'verify',
  production: true,
  speaking: false,
  check: (fields, answer) => match(fields, answer.text) !== null,
  matchTyped: (fields, answer) => match(fields, answer.text),
  rightAnswer: (fields) => fields.type13_correct_answers[0],
  audioPhrase: (fields) => fields.type13_word_or_phrase,
  title: () => fixedTitle(13),
  accepts: (fields) => fields.type13_correct_answers,
});

function match(
  fields: { type13_correct_answers: string[]; type13_near_words?: string[] | undefined },
  text: string,
) {
  return matchTypedAny(text, fields.type13_correct_answers, courseWordSet(fields.type13_near_words ?? []));
}
