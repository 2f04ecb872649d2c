import { checkAnswer, InvalidAnswerError } from '../exercises/registry.ts';
import type { AnswerCheck, Exercise } from '../exercises/registry.ts';
import { isBlitzLost } from './blitz.ts';

/** One press of the main button (or skip / cannot talk) in the player, in the order it happened. */
export interface AnswerAttempt {
  exerciseId: number;
  answer: unknown;
}

export interface AnswerTally {
  /** Exercises finally answered right (after any number of wrong tries). */
  rightAnswers: number;
  /** Every wrong try counts; in a blitz a skip counts as a mistake too. */
  errorCount: number;
  /** Blitz only: the run ended early because no mistakes were left. */
  lost: boolean;
}

export type ReplayError =
  'unknown-exercise' | 'already-answered' | 'invalid-answer' | 'lesson-not-finished' | 'answer-after-end';

export type ReplayResult =
  ({ ok: true } & AnswerTally) | { ok: false; error: ReplayError; exerciseId?: number };

/**
 * Re-checks the learner's attempts with the same checkAnswer the player used, so the server counts what
 * was actually right. Every exercise must end answered (right, 'further', skipped or cannot talk) unless
 * a blitz was lost, which ends the run; attempts after that, or on an answered exercise, are refused.
 *
 * In a blitz a skip costs a mistake: otherwise skipping the hard exercises would pass any blitz.
 */
export function replayAnswers(
  exercises: readonly Exercise[],
  attempts: readonly AnswerAttempt[],
  { blitz, check = checkAnswer }: { blitz: boolean; check?: AnswerCheck | undefined },
): ReplayResult {
  const byId = new Map(exercises.map((exercise) => [exercise.id, exercise]));
  const answered = new Set<number>();
  let rightAnswers = 0;
  let errorCount = 0;
  let lost = false;

  for (const attempt of attempts) {
    if (lost) return { ok: false, error: 'answer-after-end', exerciseId: attempt.exerciseId };
    const exercise = byId.get(attempt.exerciseId);
    if (!exercise) return { ok: false, error: 'unknown-exercise', exerciseId: attempt.exerciseId };
    if (answered.has(exercise.id)) return { ok: false, error: 'already-answered', exerciseId: exercise.id };
    let result;
    try {
      result = check(exercise, attempt.answer);
    } catch (error) {
      if (error instanceof InvalidAnswerError)
        return { ok: false, error: 'invalid-answer', exerciseId: exercise.id };
      throw error;
    }
    if (result.answered) answered.add(exercise.id);
    if (result.outcome === 'right') rightAnswers += 1;
    if (result.outcome === 'wrong' || (blitz && result.outcome === 'skipped')) errorCount += 1;
    if (blitz && isBlitzLost(errorCount)) lost = true;
  }

  if (!lost && answered.size < byId.size) return { ok: false, error: 'lesson-not-finished' };
  return { ok: true, rightAnswers, errorCount, lost };
}
