import { sameSentence, splitList } from '../answer-text.ts';
import { defineExerciseType, textAnswerSchema, textField } from '../exercise-type.ts';

/** Accepted answers, stored as one string separated by ';' (SPEC §3). */
export function acceptedAnswers(fields: { type11_correct_answers: string }): string[] {
  return splitList(fields.type11_correct_answers);
}

/** Type 11: the learner types a translation of the question; any listed answer is accepted. */
export const freeTextTranslation = defineExerciseType({
  type: 11,
  name: 'free-text-translation',
  fields: { type11_question: textField, type11_correct_answers: textField },
  refine: (fields, ctx) => {
    if (acceptedAnswers(fields).length === 0) {
      ctx.addIssue({ code: 'custom', message: 'no accepted answer', path: ['type11_correct_answers'] });
    }
  },
  answer: textAnswerSchema,
  mainButton: 'verify',
  check: (fields, answer) =>
    acceptedAnswers(fields).some((accepted) => sameSentence(answer.text, accepted, { ignoreCase: true })),
  rightAnswer: (fields) => acceptedAnswers(fields)[0],
  audioPhrase: () => undefined,
  title: (fields) => ({ kind: 'text', text: fields.type11_question }),
});
