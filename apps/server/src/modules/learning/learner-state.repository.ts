import type { FreeLessons } from '@parlo/core/billing/free-lessons';
import { learningProgressSchema, type LearningProgress } from '@parlo/core/progression/progress';
import type { Statistics } from '@parlo/core/stats/statistics';
import { defaultStatusTiers, type StatusTier } from '@parlo/core/stats/status';
import { DEFAULT_TIME_ZONE } from '@parlo/core/time/time-zone';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowIsPremium } from '../billing/billing.repository.ts';
import { DEFAULT_FREE_LESSONS } from '../catalogue/catalogue.repository.ts';
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

/** Everything the learning rules need about one learner, read in one place. */
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
  /** The spoken language's status tiers (the built-in ones when none are stored). */
  statusTiers: StatusTier[];
  /** The operator's free lessons per day (config), read with the state. */
  freeLessonAllowance: number;
  /** With `completionKey`: what that key already stored, if anything. */
  completion: StoredCompletion | null;
}

/** A completion stored under an idempotency key: what was played, the outcome sent, whether retired. */
export interface StoredCompletion {
  played: Record<string, unknown>;
  outcome: Record<string, unknown>;
  retired: boolean;
}

interface SubscriptionFacts {
  planId: string;
  status: string;
  currentPeriodStart: number;
  currentPeriodEnd: number;
}

/**
 * Reads a learner's state in one statement (issue 15: it was six; two with the lock): statistics, progress, settings, the
 * free-lesson counter, premium, the status tiers, the free-lesson allowance and, when asked, the stored
 * completion of an idempotency key. With `lock`, the statistics row is locked until the transaction ends:
 * every change to a learner's points and progress takes this lock first, so concurrent completions
 * (replays, double clicks, two devices) are applied one after the other and never double-count.
 */
export async function loadLearnerState(
  db: Database,
  userId: string,
  now: Date,
  { lock = false, completionKey }: { lock?: boolean; completionKey?: string } = {},
): Promise<LearnerState | null> {
  const query = db
    .select({
      stats: statistics,
      progressId: learningProgress.id,
      selected: learningProgress.selected,
      timeZone: settings.timeZone,
      uiLanguage: settings.uiLanguage,
      counterNum: freeLessonCounters.num,
      counterDate: freeLessonCounters.date,
      counterLastApi: freeLessonCounters.lastApiFreeLessons,
      spokenLanguageId: users.spokenLanguageId,
      subscriptions: sql<SubscriptionFacts[] | null>`(
        select json_agg(json_build_object('planId', sub.plan_id, 'status', sub.status,
          'currentPeriodStart', sub.current_period_start, 'currentPeriodEnd', sub.current_period_end))
        from ${subscriptions} sub where sub.user_id = ${statistics.userId})`,
      tiers: sql<StatusTier[] | null>`(
        select json_agg(json_build_object('name', tier.name, 'points', tier.points))
        from ${statuses} tier where tier.language_id = ${users.spokenLanguageId} and tier.enabled)`,
      allowance: sql<number | null>`(select ${config.freeLessons} from ${config} where ${config.id} = 1)`,
      completion: completionKey
        ? sql<StoredCompletion | null>`(
            select json_build_object('played', done.played, 'outcome', done.outcome,
              'retired', done.retired_at is not null)
            from ${lessonCompletions} done
            where done.user_id = ${statistics.userId} and done.idempotency_key = ${completionKey})`
        : sql<null>`null`,
    })
    .from(statistics)
    .innerJoin(learningProgress, eq(learningProgress.userId, statistics.userId))
    .innerJoin(users, eq(users.id, statistics.userId))
    .leftJoin(settings, eq(settings.userId, statistics.userId))
    .leftJoin(freeLessonCounters, eq(freeLessonCounters.userId, statistics.userId))
    .where(eq(statistics.userId, userId))
    .limit(1);
  if (lock) {
    // The lock is its own statement: a statement that waited for a lock still reads with the snapshot it
    // started with, so the state (and a completion stored by the transaction we waited for) is read next.
    const locked = await db
      .select({ id: statistics.id })
      .from(statistics)
      .where(eq(statistics.userId, userId))
      .for('update');
    if (locked.length === 0) return null;
  }
  const [row] = await query;
  if (!row) return null;
  const stats = row.stats;
  return {
    userId,
    statisticsId: stats.id,
    progressId: row.progressId,
    statistics: {
      points: stats.points,
      words: stats.words,
      days: stats.days,
      daysContinuous: stats.daysContinuous,
      rightAnswers: stats.rightAnswers,
      errorCount: stats.errorCount,
      weekActivity: stats.weekActivity,
      timestamp: stats.timestamp,
    },
    // Entries written before a field existed get its default here.
    progress: learningProgressSchema.parse({ selected: row.selected }),
    freeLessons:
      row.counterNum !== null && row.counterDate !== null && row.counterLastApi !== null
        ? { num: row.counterNum, date: row.counterDate, lastApiFreeLessons: row.counterLastApi }
        : undefined,
    timeZone: row.timeZone ?? DEFAULT_TIME_ZONE,
    uiLanguage: row.uiLanguage ?? 'en',
    // The one place the server decides premium (no free-lesson limit, no ads): core's isPremium, through
    // the billing repository's rule.
    premium: (row.subscriptions ?? []).some((subscription) => rowIsPremium(subscription, now)),
    spokenLanguageId: row.spokenLanguageId,
    statusTiers: row.tiers && row.tiers.length > 0 ? row.tiers : [...defaultStatusTiers],
    freeLessonAllowance: row.allowance ?? DEFAULT_FREE_LESSONS,
    completion: row.completion ?? null,
  };
}

/** One statistics row by its id (SPEC §7 statistics/{id}), null when there is none. */
export async function findStatisticsById(db: Database, id: number) {
  const [row] = await db.select().from(statistics).where(eq(statistics.id, id)).limit(1);
  return row ?? null;
}

export async function saveStatistics(db: Database, userId: string, stats: Statistics): Promise<void> {
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

/** The spoken language's tiers, or the built-in ones when none are stored for it. */
export async function statusTiersFor(db: Database, languageId: number | null): Promise<StatusTier[]> {
  if (languageId !== null) {
    const rows = await db
      .select({ name: statuses.name, points: statuses.points })
      .from(statuses)
      .where(and(eq(statuses.languageId, languageId), eq(statuses.enabled, true)));
    if (rows.length > 0) return rows;
  }
  return [...defaultStatusTiers];
}

/** Everything one accepted completion writes, besides the answers' memory (modules/review). */
export interface CompletionWrites {
  userId: string;
  now: Date;
  freeLessons: FreeLessons;
  /** Present when the lesson was learned: the new statistics and progress. */
  committed: { statistics: Statistics; progress: LearningProgress } | null;
  events: Array<{ kind: string; payload: Record<string, unknown> }>;
  completion: { idempotencyKey: string; played: Record<string, unknown>; outcome: Record<string, unknown> };
}

/**
 * Writes a completion in one statement (issue 15): the free-lesson counter, statistics and progress,
 * the learning events and the idempotency record, as data-modifying CTEs. Each part is drizzle's own
 * query (its column encoders apply); PostgreSQL runs every CTE once, all or nothing with the transaction.
 */
export async function saveCompletion(db: Database, writes: CompletionWrites): Promise<void> {
  const { userId } = writes;
  const parts: SQL[] = [
    db
      .insert(freeLessonCounters)
      .values({ userId, ...writes.freeLessons })
      .onConflictDoUpdate({ target: freeLessonCounters.userId, set: writes.freeLessons })
      .getSQL(),
  ];
  if (writes.committed) {
    parts.push(
      db.update(statistics).set(writes.committed.statistics).where(eq(statistics.userId, userId)).getSQL(),
      db
        .update(learningProgress)
        .set({
          selected: writes.committed.progress.selected,
          timestamp: Math.floor(writes.now.getTime() / 1000),
        })
        .where(eq(learningProgress.userId, userId))
        .getSQL(),
    );
  }
  if (writes.events.length > 0) {
    parts.push(
      db
        .insert(learningEvents)
        .values(writes.events.map((event) => ({ userId, ...event })))
        .getSQL(),
    );
  }
  const last = db
    .insert(lessonCompletions)
    .values({ userId, ...writes.completion })
    .getSQL();
  const ctes = sql.join(
    parts.map((part, index) => sql`${sql.raw(`w${index}`)} as (${part})`),
    sql`, `,
  );
  await db.execute(sql`with ${ctes} ${last}`);
}
