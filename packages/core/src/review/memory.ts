import { createEmptyCard, forgetting_curve, fsrs, generatorParameters, Rating, State } from 'ts-fsrs';
import type { Card, Grade } from 'ts-fsrs';
import type { ExerciseTypeNumber } from '../exercises/exercise-type.ts';

/**
 * The review memory (issue 16, docs/decisions/007-review-memory.md): one FSRS-6 card per learner and item
 * (word or phrase), moved by the outcome of every checked answer. Pure: the caller passes the clock.
 */

/** How a checked answer came out, as stored in the answer history. */
export type AnswerResult = 'right' | 'wrong' | 'typo' | 'accent';

/** Types where the learner picks among shown options: recognising, not recalling. */
export const RECOGNITION_TYPES: ReadonlySet<ExerciseTypeNumber> = new Set([2, 3, 4, 5, 6, 8, 12, 15]);

/** A right recognition answered faster than this was easy (a reader's glance at four options). */
export const QUICK_ANSWER_MS = 3000;

export interface CheckedAnswer {
  type: ExerciseTypeNumber;
  result: AnswerResult;
  /** Time from showing the exercise to the answer, as the player measured it; null when unknown. */
  responseMs: number | null;
}

/**
 * wrong → Again; accepted with a typo or a missing accent → Hard (the word was recalled, not yet spelt);
 * right → Good; right and quick on a recognition type → Easy (recall types are never "easy" by speed:
 * typing speed says more about the keyboard than about memory).
 */
export function ratingFor(answer: CheckedAnswer): Grade {
  if (answer.result === 'wrong') return Rating.Again;
  if (answer.result === 'typo' || answer.result === 'accent') return Rating.Hard;
  const quick = answer.responseMs !== null && answer.responseMs < QUICK_ANSWER_MS;
  return RECOGNITION_TYPES.has(answer.type) && quick ? Rating.Easy : Rating.Good;
}

/**
 * A lesson practises one word with several exercises a few seconds apart; FSRS models one review per
 * sitting, so the sitting counts once, at its worst rating (one mistake is what the memory shows).
 */
export function ratingForSitting(answers: readonly CheckedAnswer[]): Grade | null {
  if (answers.length === 0) return null;
  return Math.min(...answers.map(ratingFor)) as Grade;
}

export type MemoryState = 'new' | 'learning' | 'review' | 'relearning';

/** What is stored per learner and item; dates are epoch milliseconds. */
export interface ItemMemory {
  due: number;
  stability: number;
  difficulty: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  state: MemoryState;
  lastReview: number | null;
}

const states: readonly MemoryState[] = ['new', 'learning', 'review', 'relearning'];
const stateEnum: Record<MemoryState, State> = {
  new: State.New,
  learning: State.Learning,
  review: State.Review,
  relearning: State.Relearning,
};

/**
 * FSRS-6 defaults (21 weights), no fuzz (the same answers always give the same schedule), and one short
 * step for a word that failed (issue 29 item 15): a wrong answer puts the word in FSRS (re)learning, due
 * again ten minutes later — the same day, in the review right after the lesson — rather than tomorrow.
 * Right answers still schedule in whole days: Good on a new word graduates at once.
 */
export const RELEARNING_STEP = '10m';
export const scheduler = fsrs(
  generatorParameters({
    enable_fuzz: false,
    enable_short_term: true,
    learning_steps: [RELEARNING_STEP],
    relearning_steps: [RELEARNING_STEP],
    request_retention: 0.9,
  }),
);

function toCard(memory: ItemMemory): Card {
  return {
    due: new Date(memory.due),
    stability: memory.stability,
    difficulty: memory.difficulty,
    elapsed_days: 0,
    scheduled_days: memory.scheduledDays,
    learning_steps: memory.learningSteps,
    reps: memory.reps,
    lapses: memory.lapses,
    state: stateEnum[memory.state],
    ...(memory.lastReview === null ? {} : { last_review: new Date(memory.lastReview) }),
  };
}

/** What is stored of a ts-fsrs card (exported for `memory.test.ts`, which holds `review` to ts-fsrs). */
export function fromCard(card: Card): ItemMemory {
  return {
    due: card.due.getTime(),
    stability: card.stability,
    difficulty: card.difficulty,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: states[card.state] ?? 'review',
    lastReview: card.last_review ? card.last_review.getTime() : null,
  };
}

/** The memory after one sitting rated `rating` at `now`; a first sitting starts from a new card. */
export function review(memory: ItemMemory | undefined, rating: Grade, now: number): ItemMemory {
  if (!memory) return firstSitting(rating, now);
  return fromCard(scheduler.next(toCard(memory), new Date(now), rating).card);
}

/**
 * A word's first sitting, from the one FSRS answers for each rating at the epoch (ADR 043). ts-fsrs builds
 * a scheduler per card and computes all four ratings' states to answer one, about a tenth of a lesson
 * completion's own CPU; and most answers of a lesson completion are a new word's first sitting. With fuzz
 * off and fixed steps, a new card's state does not depend on the time — stability and difficulty are the
 * rating's initial ones, the interval follows from them — and the clock only enters as `due = now +
 * interval days` and `lastReview = now`; `memory.test.ts` holds this equal to ts-fsrs at many times.
 */
const firstSittings = new Map<Grade, ItemMemory>();

function firstSitting(rating: Grade, now: number): ItemMemory {
  let atEpoch = firstSittings.get(rating);
  if (!atEpoch) {
    atEpoch = fromCard(scheduler.next(createEmptyCard(new Date(0)), new Date(0), rating).card);
    firstSittings.set(rating, atEpoch);
  }
  return { ...atEpoch, due: now + atEpoch.due, lastReview: now };
}

/** How likely the learner recalls the item now (FSRS retrievability, 0–1). */
export function recallChance(memory: ItemMemory, now: number): number {
  if (memory.state === 'new' || memory.lastReview === null) return 0;
  // Fractional days: ts-fsrs' own helper counts whole days, so two words learnt the same day would tie.
  const elapsedDays = Math.max(0, now - memory.lastReview) / 86_400_000;
  return forgetting_curve(scheduler.parameters.w, elapsedDays, memory.stability);
}

/**
 * The strongest a word in (re)learning is shown: below the words panel's weak line (0.7). FSRS' recall
 * chance right after any answer is 1, also right after a wrong one, so a just-failed word read "strong ·
 * 99 %" (issue 29 item 15); until it is answered right again it is not held, and shows as weak.
 */
export const RELEARNING_STRENGTH = 0.5;

/** The words panel's and practice's strength of a word: its recall chance, held down while (re)learning. */
export function wordStrength(memory: ItemMemory, now: number): number {
  const chance = recallChance(memory, now);
  return isRelearning(memory) ? Math.min(chance, RELEARNING_STRENGTH) : chance;
}

/** Failed (or slipped on when new) and not answered right since: on its short step, not yet held. */
export const isRelearning = (memory: ItemMemory) =>
  memory.state === 'learning' || memory.state === 'relearning';

/**
 * A word on its short step counts as due a little early, like Anki's learn-ahead limit: the review right
 * after a lesson offers the words just failed rather than "nothing is due" for ten more minutes.
 */
export const LEARN_AHEAD_MS = 20 * 60 * 1000;

export const isDue = (memory: ItemMemory, now: number) =>
  memory.due <= now || (isRelearning(memory) && memory.due <= now + LEARN_AHEAD_MS);

/**
 * Practice order: the items due now, most overdue first; when none is due, the weakest (lowest recall
 * chance) so a learner who wants to practise always gets something useful.
 */
export function practiceOrder<T extends { memory: ItemMemory }>(
  items: readonly T[],
  now: number,
  limit: number,
): T[] {
  const due = items.filter((item) => isDue(item.memory, now)).sort((a, b) => a.memory.due - b.memory.due);
  if (due.length > 0) return due.slice(0, limit);
  return [...items]
    .sort((a, b) => wordStrength(a.memory, now) - wordStrength(b.memory, now) || a.memory.due - b.memory.due)
    .slice(0, limit);
}
