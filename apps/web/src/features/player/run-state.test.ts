import { checkAnswer } from '@parlo/core/exercises/registry';
import { testExercise } from '@parlo/core/exercises/exercise-factory';
import { replayAnswers } from '@parlo/core/scoring/replay-answers';
import { describe, expect, it } from 'vitest';
import {
  advance,
  currentExerciseId,
  isRunFinished,
  mistakesLeft,
  nextUnansweredIndex,
  progressPercent,
  recordAttempt,
  settleSpeakingExercises,
  startRun,
  type RunState,
} from './run-state.ts';

const listen = testExercise(1, { type1_word: 'Hallo', type1_image: '1F44B' }, { id: 1 });
const choose = testExercise(
  5,
  { type5_word: 'das Haus', type5_translation: ['house', 'mouse'], type5_isCorrect: [true, false] },
  { id: 2 },
);
const verdict = testExercise(2, { type2_translation: 'good morning', type2_isCorrect: true }, { id: 3 });
const speak = testExercise(14, { type14_sentence: 'Ich heiße Max.' }, { id: 4 });
const lesson = [listen, choose, verdict];
const byId = new Map([...lesson, speak].map((exercise) => [exercise.id, exercise]));

/** Plays one answer the way the player does: check in the browser, record, show the panel, continue. */
function play(run: RunState, answer: Parameters<typeof checkAnswer>[1]): RunState {
  const id = currentExerciseId(run);
  const exercise = id === undefined ? undefined : byId.get(id);
  if (!exercise) throw new Error('nothing on screen');
  const result = checkAnswer(exercise, answer);
  return advance(recordAttempt(run, exercise.id, answer as never, result));
}

describe('the exercise queue', () => {
  it('starts on the first exercise and answers types 1 and 7 on further', () => {
    let run = startRun([1, 2, 3], { blitz: false });
    expect(currentExerciseId(run)).toBe(1);
    run = play(run, {});
    expect(run.answered).toEqual([1]);
    expect(run.correct).toBe(0);
    expect(currentExerciseId(run)).toBe(2);
  });

  it('keeps a wrong answer in the queue and comes back to it after the others, in order', () => {
    let run = startRun([1, 2, 3], { blitz: false });
    run = play(run, {});
    run = play(run, { choice: 1 });
    expect(run.answered).toEqual([1]);
    expect(run.mistakes).toBe(1);
    expect(currentExerciseId(run)).toBe(3);
    run = play(run, { verdict: 'right' });
    // Cycles back round to the one still open, skipping the answered ones.
    expect(currentExerciseId(run)).toBe(2);
    run = play(run, { choice: 1 });
    expect(currentExerciseId(run)).toBe(2);
    expect(isRunFinished(run)).toBe(false);
    run = play(run, { choice: 0 });
    expect(isRunFinished(run)).toBe(true);
    expect(run.current).toBe(-1);
    expect(run.correct).toBe(2);
  });

  it('takes a skipped exercise out of the queue', () => {
    let run = startRun([1, 2, 3], { blitz: false });
    run = play(run, {});
    run = play(run, { skipped: true });
    expect(run.answered).toEqual([1, 2]);
    expect(run.mistakes).toBe(0);
    expect(currentExerciseId(run)).toBe(3);
  });

  it('finds the next unanswered index cyclically, or -1', () => {
    expect(nextUnansweredIndex([5, 6, 7], [6], 0)).toBe(2);
    expect(nextUnansweredIndex([5, 6, 7], [7], 1)).toBe(0);
    expect(nextUnansweredIndex([5, 6, 7], [5, 7], 1)).toBe(1);
    expect(nextUnansweredIndex([5, 6, 7], [5, 6, 7], 0)).toBe(-1);
    expect(nextUnansweredIndex([], [], -1)).toBe(-1);
  });

  it('ignores a second answer to an answered exercise', () => {
    const run = recordAttempt(
      startRun([2], { blitz: false }),
      2,
      { choice: 0 },
      checkAnswer(choose, { choice: 0 }),
    );
    expect(recordAttempt(run, 2, { choice: 1 }, checkAnswer(choose, { choice: 1 }))).toBe(run);
  });

  it('settles the waiting speaking exercises after cannot talk', () => {
    let run = startRun([1, 4], { blitz: false });
    run = settleSpeakingExercises(run, [4]);
    expect(run.attempts).toEqual([{ exerciseId: 4, answer: { cannotTalk: true } }]);
    expect(run.answered).toEqual([4]);
  });
});

describe('attempts', () => {
  it('keeps every attempt in order, in the shapes the server replays to the same tally', () => {
    let run = startRun([1, 2, 3], { blitz: false });
    run = play(run, {});
    run = play(run, { choice: 1 });
    run = play(run, { skipped: true });
    run = play(run, { choice: 0 });
    expect(run.attempts).toEqual([
      { exerciseId: 1, answer: {} },
      { exerciseId: 2, answer: { choice: 1 } },
      { exerciseId: 3, answer: { skipped: true } },
      { exerciseId: 2, answer: { choice: 0 } },
    ]);
    expect(replayAnswers(lesson, run.attempts, { blitz: false })).toEqual({
      ok: true,
      rightAnswers: run.correct,
      errorCount: run.mistakes,
      lost: false,
    });
  });
});

describe('blitz', () => {
  const wrong = { choice: 1 };
  const blitzExercises = [2, 3];

  it('counts skips as mistakes and ends the run when fewer than one is left', () => {
    let run = startRun(blitzExercises, { blitz: true });
    expect(mistakesLeft(run)).toBe(3);
    run = play(run, wrong);
    expect(mistakesLeft(run)).toBe(2);
    run = play(run, { skipped: true });
    expect(mistakesLeft(run)).toBe(1);
    expect(run.lost).toBe(false);
    run = play(run, wrong);
    expect(run.lost).toBe(true);
    expect(mistakesLeft(run)).toBe(0);
    expect(isRunFinished(run)).toBe(true);
    expect(currentExerciseId(run)).toBeUndefined();
    const replayed = replayAnswers([choose, verdict], run.attempts, { blitz: true });
    expect(replayed).toMatchObject({ ok: true, lost: true, errorCount: 3 });
    // Nothing more is recorded once the run is lost (the server refuses answers after the end).
    expect(recordAttempt(run, 2, { choice: 0 }, checkAnswer(choose, { choice: 0 }))).toBe(run);
  });
});

describe('progress bar', () => {
  it('starts a lesson at 5 % and adds 95/total per answered exercise', () => {
    let run = startRun([1, 2, 3], { blitz: false });
    expect(progressPercent(run)).toBe(5);
    run = play(run, {});
    expect(progressPercent(run)).toBeCloseTo(5 + 95 / 3);
    run = play(run, { choice: 1 });
    expect(progressPercent(run)).toBeCloseTo(5 + 95 / 3);
    run = play(run, { skipped: true });
    run = play(run, { choice: 0 });
    expect(progressPercent(run)).toBe(100);
  });

  it('starts a blitz at 5 % and adds 95/total per right answer only', () => {
    let run = startRun([2, 3], { blitz: true });
    expect(progressPercent(run)).toBe(5);
    run = play(run, { choice: 1 });
    expect(progressPercent(run)).toBe(5);
    run = play(run, { verdict: 'right' });
    expect(progressPercent(run)).toBe(52.5);
    run = play(run, { choice: 0 });
    expect(progressPercent(run)).toBe(100);
  });

  it('shows the 5 % start for an empty lesson', () => {
    expect(progressPercent(startRun([], { blitz: false }))).toBe(5);
    expect(isRunFinished(startRun([], { blitz: false }))).toBe(true);
  });
});
