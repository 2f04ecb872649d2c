import type { AnswerEnvelope, CheckResult } from '@parlo/core/exercises/registry';
import { blitzMistakesLeft, blitzProgressPercent, isBlitzLost } from '@parlo/core/scoring/blitz';

/** One press of the main button, a skip or 'cannot talk', exactly as the completion call sends it. */
export interface Attempt {
  exerciseId: number;
  answer: AnswerEnvelope;
}

/**
 * One play-through of a lesson or blitz (SPEC §4 'Exercise player'). Pure data: the player keeps it in
 * state and these functions move it on, so the rules the server replays can be unit-tested here.
 */
export interface RunState {
  /** The exercises served, in lesson order; the queue cycles through them. */
  readonly exerciseIds: readonly number[];
  readonly blitz: boolean;
  /** Index into exerciseIds of the exercise on screen; -1 once nothing is left. */
  readonly current: number;
  readonly answered: readonly number[];
  readonly attempts: readonly Attempt[];
  /** Exercises answered right at some try (types 1 and 7 'further' do not count). */
  readonly correct: number;
  /** Wrong tries, plus skips in a blitz (the server counts them the same way). */
  readonly mistakes: number;
  /** A blitz with no mistakes left ends at once. */
  readonly lost: boolean;
  /** Bumps on every move, so the body can slide in even when the same exercise comes back. */
  readonly turn: number;
}

export function startRun(exerciseIds: readonly number[], { blitz }: { blitz: boolean }): RunState {
  return {
    exerciseIds,
    blitz,
    current: exerciseIds.length > 0 ? 0 : -1,
    answered: [],
    attempts: [],
    correct: 0,
    mistakes: 0,
    lost: false,
    turn: 0,
  };
}

export function currentExerciseId(run: RunState): number | undefined {
  return run.current === -1 ? undefined : run.exerciseIds[run.current];
}

/**
 * Records the check of one attempt (from core checkAnswer). Wrong answers leave the exercise in the queue;
 * every other outcome takes it out. It does not move on: the result panel is shown first.
 */
export function recordAttempt(
  run: RunState,
  exerciseId: number,
  answer: AnswerEnvelope,
  result: Pick<CheckResult, 'answered' | 'outcome'>,
): RunState {
  if (run.lost || run.answered.includes(exerciseId)) return run;
  const mistake = result.outcome === 'wrong' || (run.blitz && result.outcome === 'skipped');
  const mistakes = run.mistakes + (mistake ? 1 : 0);
  return {
    ...run,
    attempts: [...run.attempts, { exerciseId, answer }],
    answered: result.answered ? [...run.answered, exerciseId] : run.answered,
    correct: run.correct + (result.outcome === 'right' ? 1 : 0),
    mistakes,
    lost: run.blitz && isBlitzLost(mistakes),
  };
}

/**
 * 'Cannot talk' counts for every speaking exercise for an hour (SPEC §4), so the ones still waiting in
 * this run are settled the same way instead of being asked again.
 */
export function settleSpeakingExercises(run: RunState, speakingExerciseIds: readonly number[]): RunState {
  return speakingExerciseIds.reduce(
    (next, id) => recordAttempt(next, id, { cannotTalk: true }, { answered: true, outcome: 'cannot-talk' }),
    run,
  );
}

/** The next unanswered exercise after `from`, cycling round to the start; -1 when all are answered. */
export function nextUnansweredIndex(
  exerciseIds: readonly number[],
  answered: readonly number[],
  from: number,
): number {
  const count = exerciseIds.length;
  for (let step = 1; step <= count; step += 1) {
    const index = (((from + step) % count) + count) % count;
    const id = exerciseIds[index];
    if (id !== undefined && !answered.includes(id)) return index;
  }
  return -1;
}

/** Continue (SPEC §4): back to the default footer on the next unanswered exercise, cycling in order. */
export function advance(run: RunState): RunState {
  const current = run.lost ? -1 : nextUnansweredIndex(run.exerciseIds, run.answered, run.current);
  return { ...run, current, turn: run.turn + 1 };
}

/** Every exercise answered, or a blitz lost: time to send the run. */
export function isRunFinished(run: RunState): boolean {
  return run.lost || run.exerciseIds.every((id) => run.answered.includes(id));
}

/**
 * SPEC §4 / §9 progress bar: starts at 5 % so the learner sees it, then 5 + 95/total per step; a blitz
 * counts right answers, a lesson every answered exercise (seen, right or skipped).
 */
export function progressPercent(run: RunState): number {
  const total = run.exerciseIds.length;
  return blitzProgressPercent(total, run.blitz ? run.correct : run.answered.length);
}

export function mistakesLeft(run: RunState): number {
  return blitzMistakesLeft(run.mistakes);
}
