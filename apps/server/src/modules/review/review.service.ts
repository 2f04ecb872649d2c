import {
  answerSchemaFor,
  exerciseTypeNumbers,
  isSpeaking,
  testsNothing,
  type AnswerCheck,
  type Exercise,
} from '@parlo/core/exercises/registry';
import { selectedProgramProgress } from '@parlo/core/progression/progress';
import { answerRecords, type TimedAttempt } from '@parlo/core/review/answer-records';
import { isLearnedWord } from '@parlo/core/review/learned-words';
import {
  isDue,
  practiceOrder,
  ratingForSitting,
  review,
  wordStrength,
  type CheckedAnswer,
  type ItemMemory,
} from '@parlo/core/review/memory';
import type {
  LearnedWords,
  PracticeCompletionRequest,
  PracticeOutcome,
  PracticeSession,
} from '@parlo/contract/review';
import type { AppDeps } from '../../app-deps.ts';
import type { Database } from '../../db/client.ts';
import { AppError, errors } from '../../lib/app-error.ts';
import { loadLearnerState } from '../learning/learner-state.repository.ts';
import {
  courseOfProgram,
  exercisesForItems,
  findPracticeCompletion,
  insertHistory,
  itemKeysOf,
  itemTexts,
  loadMemories,
  microphoneOn,
  programExercisesByIds,
  saveMemories,
  savePracticeCompletion,
  type HistoryRow,
} from './review.repository.ts';

/** Items in one practice session: a few minutes of work. */
export const PRACTICE_SIZE = 10;
/** Types that test nothing (only 'further') are never served in practice. */
const NEVER_PRACTISED = exerciseTypeNumbers.filter(testsNothing);
const SPEAKING = exerciseTypeNumbers.filter(isSpeaking);

interface AnswerSitting {
  userId: string;
  /** 'lesson:<id>', 'blitz:<topic id>' or 'practice': with the key, names the completion. */
  source: string;
  completionKey: string;
  exercises: readonly Exercise[];
  attempts: readonly TimedAttempt[];
  now: Date;
  /** A completion's shared checks (ADR 039): its rules checked the same attempts just before. */
  check?: AnswerCheck;
}

/** The history rows of a sitting's checked answers (answers to exercises without an item are not kept). */
function historyRows(input: AnswerSitting, itemKeys: ReadonlyMap<number, string>): HistoryRow[] {
  return answerRecords(input.exercises, input.attempts, input.check).flatMap((record) => {
    const itemKey = itemKeys.get(record.exerciseId);
    if (!itemKey) return [];
    return [
      {
        userId: input.userId,
        itemKey,
        exerciseId: record.exerciseId,
        exerciseType: record.type,
        result: record.result,
        responseMs: record.responseMs,
        answeredAt: input.now,
        source: input.source,
        completionKey: input.completionKey,
        position: record.position,
      },
    ];
  });
}

/** Each item's memory moved by the sitting's rating (ADR 007), from the stored history rows. */
function movedMemories(
  rows: readonly HistoryRow[],
  before: ReadonlyMap<string, ItemMemory>,
  now: Date,
): Map<string, ItemMemory> {
  const sittings = new Map<string, CheckedAnswer[]>();
  for (const row of rows) {
    const answers = sittings.get(row.itemKey) ?? [];
    answers.push({
      type: row.exerciseType as Exercise['type'],
      result: row.result as CheckedAnswer['result'],
      responseMs: row.responseMs ?? null,
    });
    sittings.set(row.itemKey, answers);
  }
  const after = new Map<string, ItemMemory>();
  for (const [itemKey, answers] of sittings) {
    const rating = ratingForSitting(answers);
    if (rating !== null) after.set(itemKey, review(before.get(itemKey), rating, now.getTime()));
  }
  return after;
}

/** What a completion writes for its answers: history rows and the memories they move. */
export interface AnswerWrites {
  history: HistoryRow[];
  memories: Map<string, ItemMemory>;
}

/** The items (item keys) a sitting's answers may move, to read their memories with the learner's state. */
export function itemsOfSitting(
  input: Pick<AnswerSitting, 'exercises'>,
  itemKeys: ReadonlyMap<number, string>,
): string[] {
  const items = new Set<string>();
  for (const exercise of input.exercises) {
    const itemKey = itemKeys.get(exercise.id);
    if (itemKey) items.add(itemKey);
  }
  return [...items];
}

/**
 * The same writes as `rememberAnswers`, computed without touching the database, for a lesson or blitz
 * completion that writes them in its own statement (issue 15). Only for a completion whose idempotency key
 * was checked unused under the learner's lock: its history rows (unique per learner, source, key and
 * position, stored only with that key's completion) are then all new, so every row moves memory.
 */
export function answersToRemember(
  input: AnswerSitting,
  itemKeys: ReadonlyMap<number, string>,
  before: ReadonlyMap<string, ItemMemory>,
): AnswerWrites {
  const history = historyRows(input, itemKeys);
  return { history, memories: movedMemories(history, before, input.now) };
}

/**
 * Writes the checked answers of one completion to the history and moves each item's memory by the
 * sitting's rating (ADR 007). Call it inside the completion's transaction, after its idempotency check:
 * history rows are unique per (learner, source, key, position), so even a replay that got this far adds
 * nothing and moves no memory.
 */
export async function rememberAnswers(
  tx: Database,
  input: AnswerSitting,
): Promise<{ records: number; items: number }> {
  const records = answerRecords(input.exercises, input.attempts);
  const itemKeys = await itemKeysOf(
    tx,
    records.map((record) => record.exerciseId),
  );
  const inserted = await insertHistory(tx, historyRows(input, itemKeys));
  const before = await loadMemories(tx, input.userId, {
    itemKeys: [...new Set(inserted.map((row) => row.itemKey))],
  });
  const after = movedMemories(inserted, before, input.now);
  await saveMemories(tx, input.userId, after, input.now);
  return { records: inserted.length, items: after.size };
}

export function reviewService(deps: AppDeps) {
  const { db } = deps;

  /** The selected program and its course, or null when none is chosen yet. */
  async function chosenCourse(database: Database, userId: string, now: Date, lock = false) {
    const state = await loadLearnerState(database, userId, now, { lock });
    if (!state) throw errors.unauthorized();
    const entry = selectedProgramProgress(state.progress);
    if (!entry) return null;
    const course = await courseOfProgram(database, entry.programId);
    if (!course)
      throw new AppError(
        409,
        'COURSE_UNAVAILABLE',
        'This course is no longer available. Choose another one.',
      );
    return { programId: entry.programId, course };
  }

  async function currentCourse(database: Database, userId: string, now: Date, lock = false) {
    const chosen = await chosenCourse(database, userId, now, lock);
    if (!chosen) throw new AppError(409, 'NO_COURSE_SELECTED', 'Choose a course first.');
    return chosen;
  }

  return {
    /**
     * A practice session: the items due now (most overdue first), else the weakest, each with one exercise
     * of a type the learner can do now, rotating through the item's types from one session to the next.
     */
    async practice(userId: string, { speaking }: { speaking: boolean }): Promise<PracticeSession> {
      const now = deps.now();
      const { programId, course } = await currentCourse(db, userId, now);
      const memories = await loadMemories(db, userId, { course });
      const canSpeak = speaking && (await microphoneOn(db, userId));
      const leaveOut = canSpeak ? NEVER_PRACTISED : [...NEVER_PRACTISED, ...SPEAKING];
      const known = [...memories].map(([itemKey, memory]) => ({ itemKey, memory }));
      const candidates = await exercisesForItems(
        db,
        programId,
        known.map((item) => item.itemKey),
        leaveOut,
      );
      const byItem = new Map<string, Exercise[]>();
      for (const { itemKey, exercise } of candidates) {
        byItem.set(itemKey, [...(byItem.get(itemKey) ?? []), exercise]);
      }
      const practisable = known.filter((item) => byItem.has(item.itemKey));
      const chosen = practiceOrder(practisable, now.getTime(), PRACTICE_SIZE);
      const texts = await itemTexts(
        db,
        programId,
        chosen.map((item) => item.itemKey),
      );
      return {
        due: chosen.some((item) => isDue(item.memory, now.getTime())),
        items: chosen.map(({ itemKey, memory }) => ({
          itemKey,
          text: texts.get(itemKey)?.text ?? itemKey,
          due: memory.due,
          strength: wordStrength(memory, now.getTime()),
        })),
        exercises: chosen.flatMap(({ itemKey, memory }) => {
          const options = byItem.get(itemKey) ?? [];
          const exercise = options[memory.reps % options.length];
          return exercise ? [exercise] : [];
        }),
      };
    },

    /**
     * The answers of a practice session, re-checked here. Only words the learner has already learned can
     * be practised (practice must not become a way round lessons); it earns no points and uses no free
     * lesson (ADR 007). Idempotent per key.
     */
    async completePractice(userId: string, input: PracticeCompletionRequest): Promise<PracticeOutcome> {
      const now = deps.now();
      const previous = await findPracticeCompletion(db, userId, input.idempotencyKey);
      if (previous) return previous as unknown as PracticeOutcome;
      return db.transaction(async (tx) => {
        const { programId, course } = await currentCourse(tx, userId, now, true);
        const replayed = await findPracticeCompletion(tx, userId, input.idempotencyKey);
        if (replayed) return replayed as unknown as PracticeOutcome;

        const ids = [...new Set(input.attempts.map((attempt) => attempt.exerciseId))];
        const found = await programExercisesByIds(tx, programId, ids);
        const memories = await loadMemories(tx, userId, { course });
        const practisable = new Map(
          found
            .filter(
              ({ itemKey, exercise }) =>
                itemKey !== null && memories.has(itemKey) && !testsNothing(exercise.type),
            )
            .map(({ exercise }) => [exercise.id, exercise]),
        );
        for (const attempt of input.attempts) {
          const exercise = practisable.get(attempt.exerciseId);
          if (!exercise) {
            throw new AppError(
              409,
              'PRACTICE_UNKNOWN_EXERCISE',
              'Only words already learned can be practised.',
            );
          }
          if (!answerSchemaFor(exercise.type).safeParse(attempt.answer).success) {
            throw new AppError(400, 'PRACTICE_INVALID_ANSWER', 'An answer does not fit its exercise.');
          }
        }
        const attempts = input.attempts.map((attempt) => ({ ...attempt, answer: attempt.answer }));
        const checked = answerRecords([...practisable.values()], attempts);
        const remembered = await rememberAnswers(tx, {
          userId,
          source: 'practice',
          completionKey: input.idempotencyKey,
          exercises: [...practisable.values()],
          attempts,
          now,
        });
        const outcome: PracticeOutcome = {
          rightAnswers: checked.filter((record) => record.result !== 'wrong').length,
          errorCount: checked.filter((record) => record.result === 'wrong').length,
          itemsReviewed: remembered.items,
        };
        await savePracticeCompletion(tx, userId, input.idempotencyKey, outcome);
        return outcome;
      });
    },

    /**
     * Every word learned in the current course (isLearnedWord): its strength now (a failed word shows weak)
     * and its next review, soonest first.
     */
    async words(userId: string): Promise<LearnedWords> {
      const now = deps.now();
      // A learner who has not chosen a course yet (a new dashboard) has learned no words: an answer, not
      // a conflict for the console (issue 29).
      const chosen = await chosenCourse(db, userId, now);
      if (!chosen) return { words: [], dueNow: 0 };
      const { programId, course } = chosen;
      const learned = [...(await loadMemories(db, userId, { course }))].filter(([, memory]) =>
        isLearnedWord(memory),
      );
      const texts = await itemTexts(
        db,
        programId,
        learned.map(([itemKey]) => itemKey),
      );
      const words = learned
        .map(([itemKey, memory]) => ({
          itemKey,
          text: texts.get(itemKey)?.text ?? itemKey,
          translation: texts.get(itemKey)?.translation ?? null,
          strength: wordStrength(memory, now.getTime()),
          due: memory.due,
          dueNow: isDue(memory, now.getTime()),
          lastReview: memory.lastReview,
          reviews: memory.reps,
          lapses: memory.lapses,
        }))
        .sort((a, b) => a.due - b.due || a.text.localeCompare(b.text));
      return {
        words: words.map(({ dueNow: _dueNow, ...word }) => word),
        dueNow: words.filter((word) => word.dueNow).length,
      };
    },
  };
}
