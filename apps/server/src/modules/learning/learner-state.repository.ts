import type { FreeLessons } from '@parlo/core/billing/free-lessons';
import { learningProgressSchema, type LearningProgress } from '@parlo/core/progression/progress';
import type { Statistics } from '@parlo/core/stats/statistics';
import { defaultStatusTiers, type StatusTier } from '@parlo/core/stats/status';
import { DEFAULT_TIME_ZONE } from '@parlo/core/time/time-zone';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  config,
  freeLessonCounters,
  learningEvents,
  learningProgress,
  lessonCompletions,
  settings,
  statistics,
  statuses,
  subscriptions,
  users,
} from '../../db/schema.ts';
import { rowIsPremium } from '../billing/billing.repository.ts';
import { DEFAULT_FREE_LESSONS } from '../catalogue/catalogue.repository.ts';
import { addNotification } from '../notifications/notifications.repository.ts';
import { insertHistory, saveMemories } from '../review/review.repository.ts';
import type { AnswerWrites } from '../review/review.service.ts';

/** Everything the learning rules need about one learner, as the tables hold it. */
export interface LearnerState {
  userId: string;
  statisticsId: number;
  progressId: number;
  statistics: Statistics;
  progress: LearningProgress;
  freeLessons: FreeLessons | undefined;
  timeZone: string;
  /** The interface language (the bell's texts), 'en' until settings are stored. */
  uiLanguage: string;
  premium: boolean;
  spokenLanguageId: number | null;
}

/**
 * Reads a learner's state: one query over their statistics, progress, user, settings, free-lesson counter
 * and subscriptions (one row per subscription). With `lock`, inside a transaction, the statistics row is
 * first locked (`for update`) until the transaction ends: every change to a learner's points and progress
 * takes this lock first, so concurrent completions (replays, double clicks, two devices) apply one after
 * the other and never double-count. The lock is its own statement because a statement that waited for a
 * lock still reads the other tables as they were when it started; the read after it sees what the
 * transaction it waited for committed.
 */
export async function loadLearnerState(
  db: Database,
  userId: string,
  now: Date,
  { lock = false }: { lock?: boolean } = {},
): Promise<LearnerState | null> {
  if (lock) {
    const locked = await db
      .select({ id: statistics.id })
      .from(statistics)
      .where(eq(statistics.userId, userId))
      .for('update');
    if (locked.length === 0) return null;
  }
  const rows = await db
    .select({
      statistics,
      progressId: learningProgress.id,
      selected: learningProgress.selected,
      spokenLanguageId: users.spokenLanguageId,
      timeZone: settings.timeZone,
      uiLanguage: settings.uiLanguage,
      counter: freeLessonCounters,
      subscription: {
        planId: subscriptions.planId,
        status: subscriptions.status,
        currentPeriodStart: subscriptions.currentPeriodStart,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
      },
    })
    .from(statistics)
    .innerJoin(learningProgress, eq(learningProgress.userId, statistics.userId))
    .innerJoin(users, eq(users.id, statistics.userId))
    .leftJoin(settings, eq(settings.userId, statistics.userId))
    .leftJoin(freeLessonCounters, eq(freeLessonCounters.userId, statistics.userId))
    .leftJoin(subscriptions, eq(subscriptions.userId, statistics.userId))
    .where(eq(statistics.userId, userId));
  const first = rows[0];
  if (!first) return null;
  const { id: statisticsId, userId: _userId, ...stored } = first.statistics;
  const counter = first.counter;
  return {
    userId,
    statisticsId,
    progressId: first.progressId,
    statistics: stored,
    // Entries written before a field existed get its default here.
    progress: learningProgressSchema.parse({ selected: first.selected }),
    freeLessons: counter
      ? { num: counter.num, date: counter.date, lastApiFreeLessons: counter.lastApiFreeLessons }
      : undefined,
    timeZone: first.timeZone ?? DEFAULT_TIME_ZONE,
    uiLanguage: first.uiLanguage ?? 'en',
    // The one place the server decides premium (no free-lesson limit, no ads): core's isPremium, through
    // the billing repository's rule.
    premium: rows.some(({ subscription }) => subscription !== null && rowIsPremium(subscription, now)),
    spokenLanguageId: first.spokenLanguageId,
  };
}

/** A spoken language's enabled status tiers, lowest first (the built-in ones when none are stored). */
export async function readStatusTiers(db: Database, languageId: number | null): Promise<StatusTier[]> {
  if (languageId !== null) {
    const rows = await db
      .select({ name: statuses.name, points: statuses.points })
      .from(statuses)
      .where(and(eq(statuses.languageId, languageId), eq(statuses.enabled, true)))
      .orderBy(asc(statuses.points), asc(statuses.id));
    if (rows.length > 0) return rows;
  }
  return [...defaultStatusTiers];
}

/** The operator's free lessons per day (config), the default until one is stored. */
export async function readFreeLessonAllowance(db: Database): Promise<number> {
  const [row] = await db.select({ freeLessons: config.freeLessons }).from(config).where(eq(config.id, 1));
  return row?.freeLessons ?? DEFAULT_FREE_LESSONS;
}

/** A completion stored under an idempotency key: what was played, the outcome sent, whether retired. */
export interface StoredCompletion {
  played: Record<string, unknown>;
  outcome: Record<string, unknown>;
  retired: boolean;
}

export async function findCompletion(
  db: Database,
  userId: string,
  idempotencyKey: string,
): Promise<StoredCompletion | null> {
  const [row] = await db
    .select({
      played: lessonCompletions.played,
      outcome: lessonCompletions.outcome,
      retiredAt: lessonCompletions.retiredAt,
    })
    .from(lessonCompletions)
    .where(and(eq(lessonCompletions.userId, userId), eq(lessonCompletions.idempotencyKey, idempotencyKey)))
    .limit(1);
  return row ? { played: row.played, outcome: row.outcome, retired: row.retiredAt !== null } : null;
}

/** One statistics row by its id (SPEC §7 statistics/{id}), null when there is none. */
export async function findStatisticsById(db: Database, id: number) {
  const [row] = await db.select().from(statistics).where(eq(statistics.id, id)).limit(1);
  return row ?? null;
}

export async function saveStatistics(
  db: Database,
  userId: string,
  stats: Partial<Statistics>,
): Promise<void> {
  await db.update(statistics).set(stats).where(eq(statistics.userId, userId));
}

export async function saveProgress(
  db: Database,
  userId: string,
  progress: LearningProgress,
  now: Date,
): Promise<void> {
  await db
    .update(learningProgress)
    .set({ selected: progress.selected, timestamp: Math.floor(now.getTime() / 1000) })
    .where(eq(learningProgress.userId, userId));
}

export async function saveFreeLessons(db: Database, userId: string, counter: FreeLessons): Promise<void> {
  await db
    .insert(freeLessonCounters)
    .values({ userId, ...counter })
    .onConflictDoUpdate({ target: freeLessonCounters.userId, set: counter });
}

/** Everything one accepted completion writes, the answers' history and memory (modules/review) included. */
export interface CompletionWrites {
  userId: string;
  now: Date;
  freeLessons: FreeLessons;
  /** Present when the lesson was learned: the new statistics and progress. */
  committed: { statistics: Statistics; progress: LearningProgress } | null;
  /**
   * The learned-word count after this completion, written even when nothing else is committed: a repeat's
   * answers may put new words in the memory, and the count is the memory's (issue 29 item 11).
   */
  words: number;
  events: Array<{ kind: string; payload: Record<string, unknown> }>;
  /** The bell's text of a new status (issue 13), null without one. */
  notification: string | null;
  completion: { idempotencyKey: string; played: Record<string, unknown>; outcome: Record<string, unknown> };
  answers: AnswerWrites;
}

/**
 * Writes one completion inside the transaction that locked the learner (`loadLearnerState` with `lock`)
 * and found its key unused: all of it or, with the transaction, nothing.
 */
export async function saveCompletion(tx: Database, writes: CompletionWrites): Promise<void> {
  const { userId, now, committed } = writes;
  await saveFreeLessons(tx, userId, writes.freeLessons);
  if (committed) {
    await saveStatistics(tx, userId, committed.statistics);
    await saveProgress(tx, userId, committed.progress, now);
  } else {
    await saveStatistics(tx, userId, { words: writes.words });
  }
  if (writes.events.length > 0) {
    await tx.insert(learningEvents).values(writes.events.map((event) => ({ userId, ...event })));
  }
  await insertHistory(tx, writes.answers.history);
  await saveMemories(tx, userId, writes.answers.memories, now);
  if (writes.notification !== null) await addNotification(tx, userId, writes.notification, now);
  await tx.insert(lessonCompletions).values({ userId, ...writes.completion });
}
