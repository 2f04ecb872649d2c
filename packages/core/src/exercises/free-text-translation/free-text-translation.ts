import { z } from 'zod';
import { splitList } from '../answer-text.ts';
import { defineExerciseType, textAnswerSchema, textField } from '../exercise-type.ts';
import { courseWordSet, matchTypedAny } from '../../review/forgiving-check.ts';

/** Accepted answers, stored as one string separated by ';' (SPEC §3). */
export function acceptedAnswers(fields: { type11_correct_answers: string }): string[] {
  return splitList(fields.type11_correct_answers);
}

/** Type 11: the learner types a translation of the question; any listed answer is accepted. */
export const freeTextTranslation = defineExerciseType({
  type: 11,
  name: 'free-text-translation',
  fields: {
    type11_question: textField,
    type11_correct_answers: textField,
    /** Not in SPEC §3: other course words one slip away from an answer; typing one is wrong, not a typo. */
    type11_near_words: z.array(z.string()).optional(),
  },
  refine: (fields, ctx) => {
    if (acceptedAnswers(fields).length === 0) {
      ctx.addIssue({ code: 'custom', message: 'no accepted answer', path: ['type11_correct_answers'] });
    }
  },
  answer: textAnswerSchema,
  mainButton: 'verify',
  production: true,
  speaking: false,
  check: (fields, answer) => match(fields, answer.text) !== null,
  matchTyped: (fields, answer) => match(fields, answer.text),
  rightAnswer: (fields) => acceptedAnswers(fields)[0],
  audioPhrase: () => undefined,
  title: (fields) => ({ kind: 'text', text: fields.type11_question }),
  accepts: acceptedAnswers,
});

function match(
  fields: { type11_correct_answers: string; type11_near_words?: string[] | undefined },
  text: string,
) {
  return matchTypedAny(text, acceptedAnswers(fields), courseWordSet(fields.type11_near_words ?? []));
}
