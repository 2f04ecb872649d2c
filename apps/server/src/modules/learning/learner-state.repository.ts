import type { FreeLessons } from '@parlo/core/billing/free-lessons';
import { learningProgressSchema, type LearningProgress } from '@parlo/core/progression/progress';
import type { Statistics } from '@parlo/core/stats/statistics';
import { defaultStatusTiers, type StatusTier } from '@parlo/core/stats/status';
import { DEFAULT_TIME_ZONE } from '@parlo/core/time/time-zone';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { premiumSubscription } from '../billing/billing.repository.ts';
import {
  freeLessonCounters,
  learningProgress,
  settings,
  statistics,
  statuses,
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
  premium: boolean;
  spokenLanguageId: number | null;
}

/**
 * Reads a learner's state. With `lock`, the statistics row is locked until the transaction ends: every
 * change to a learner's points and progress takes this lock first, so concurrent completions (replays,
 * double clicks, two devices) are applied one after the other and never double-count.
 */
export async function loadLearnerState(
  db: Database,
  userId: string,
  now: Date,
  { lock = false }: { lock?: boolean } = {},
): Promise<LearnerState | null> {
  const statsQuery = db.select().from(statistics).where(eq(statistics.userId, userId)).limit(1);
  const [stats] = lock ? await statsQuery.for('update') : await statsQuery;
  if (!stats) return null;
  const [[progress], [prefs], [counter], [subscription], [user]] = await Promise.all([
    db.select().from(learningProgress).where(eq(learningProgress.userId, userId)).limit(1),
    db.select({ timeZone: settings.timeZone }).from(settings).where(eq(settings.userId, userId)).limit(1),
    db.select().from(freeLessonCounters).where(eq(freeLessonCounters.userId, userId)).limit(1),
    premiumSubscription(db, userId, now).then((subscription) => [subscription]),
    db.select({ spokenLanguageId: users.spokenLanguageId }).from(users).where(eq(users.id, userId)).limit(1),
  ]);
  if (!progress) return null;
  return {
    userId,
    statisticsId: stats.id,
    progressId: progress.id,
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
    progress: learningProgressSchema.parse({ selected: progress.selected }),
    freeLessons: counter
      ? { num: counter.num, date: counter.date, lastApiFreeLessons: counter.lastApiFreeLessons }
      : undefined,
    timeZone: prefs?.timeZone ?? DEFAULT_TIME_ZONE,
    // The one place the server decides premium (no free-lesson limit, no ads): core's isPremium, through
    // the billing repository.
    premium: subscription !== null && subscription !== undefined,
    spokenLanguageId: user?.spokenLanguageId ?? null,
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
