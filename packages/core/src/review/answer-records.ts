import { checkAnswer, InvalidAnswerError, type AnswerCheck, type Exercise } from '../exercises/registry.ts';
import type { AnswerResult } from './memory.ts';

/** One attempt as the completion call sends it; `responseMs` is the player's own measure. */
export interface TimedAttempt {
  exerciseId: number;
  answer: unknown;
  responseMs?: number | undefined;
}

/** One checked answer, for the answer history and the memory. */
export interface AnswerRecord {
  exerciseId: number;
  type: Exercise['type'];
  result: AnswerResult;
  responseMs: number | null;
  /** Index of the attempt in the completion: with the completion's key it identifies the row. */
  position: number;
}

/**
 * The answers that test memory, re-checked with the same checkAnswer as the player: right (exact),
 * accent, typo and wrong. 'Further' (types 1, 7), skips and 'cannot talk' test nothing and are left out.
 */
export function answerRecords(
  exercises: readonly Exercise[],
  attempts: readonly TimedAttempt[],
  check: AnswerCheck = checkAnswer,
): AnswerRecord[] {
  const byId = new Map(exercises.map((exercise) => [exercise.id, exercise]));
  const records: AnswerRecord[] = [];
  attempts.forEach((attempt, position) => {
    const exercise = byId.get(attempt.exerciseId);
    if (!exercise) return;
    let checked;
    try {
      checked = check(exercise, attempt.answer);
    } catch (error) {
      if (error instanceof InvalidAnswerError) return;
      throw error;
    }
    let result: AnswerResult;
    if (checked.outcome === 'wrong') result = 'wrong';
    else if (checked.outcome !== 'right') return;
    else if (checked.typed?.verdict === 'typo') result = 'typo';
    else if (checked.typed?.verdict === 'accent') result = 'accent';
    else result = 'right';
    records.push({
      exerciseId: exercise.id,
      type: exercise.type,
      result,
      responseMs: attempt.responseMs ?? null,
      position,
    });
  });
  return records;
}
