import { z } from 'zod';
import { splitList } from '../answer-text.ts';
import { defineExerciseType, fixedTitle, furtherAnswerSchema, textField } from '../exercise-type.ts';

/** Words to highlight in the sentence; stored as one semicolon-separated string like the other lists. */
export function highlightedWords(fields: { type7_selected_words: string }): string[] {
  return splitList(fields.type7_selected_words);
}

/** Type 7: the learner listens to a sentence with highlighted words and presses 'further'. */
export const listenAndRepeat = defineExerciseType({
  type: 7,
  name: 'listen-and-repeat',
  fields: {
    type7_sentence: textField,
    // A sentence may have nothing highlighted.
    type7_selected_words: z.string(),
    type7_translation: textField,
  },
  answer: furtherAnswerSchema,
  mainButton: 'further',
  production: false,
  speaking: false,
  check: () => true,
  rightAnswer: (fields) => fields.type7_sentence,
  audioPhrase: (fields) => fields.type7_sentence,
  title: () => fixedTitle(7),
});
