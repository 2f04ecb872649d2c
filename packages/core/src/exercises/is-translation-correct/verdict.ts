export type Verdict = 'right' | 'not-properly';

/**
 * Types 2 and 15 (SPEC §5: "result from the exercise's own value, or false via 'not properly'").
 * We read it as a true/false question: saying 'right' is correct when the shown translation is correct, and
 * saying 'not properly' is correct exactly when it is not. The literal reading ('not properly' always
 * wrong) would make every exercise with a wrong translation unanswerable.
 */
export function verdictIsCorrect(translationIsCorrect: boolean, verdict: Verdict): boolean {
  return verdict === 'right' ? translationIsCorrect : !translationIsCorrect;
}
