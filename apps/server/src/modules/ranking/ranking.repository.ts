import { and, asc, eq, gt, lt, lte, max, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { leaderboardEntries, statistics, users } from '../../db/schema.ts';

/** SPEC §9: the leaderboard shows 100 learners. */
export const LEADERBOARD_SIZE = 100;

export interface LeaderboardEntry {
  userId: string;
  name: string;
  points: number;
  order: number;
}

export interface Leaderboard {
  entries: LeaderboardEntry[];
  me: { order: number; points: number } | null;
  day: string;
  source: 'snapshot' | 'live';
}

/** The calendar day in London (SPEC §1: the ranking turns over at 00:00 London time), as YYYY-MM-DD. */
export function londonDay(now: Date): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The newest daily snapshot, or null when the nightly job has never written one. */
async function snapshotLeaderboard(db: Database, userId: string): Promise<Leaderboard | null> {
  const [latest] = await db.select({ day: max(leaderboardEntries.day) }).from(leaderboardEntries);
  const day = latest?.day;
  if (!day) return null;
  const columns = {
    userId: leaderboardEntries.userId,
    name: leaderboardEntries.name,
    points: leaderboardEntries.points,
    order: leaderboardEntries.order,
  };
  const [entries, [mine]] = await Promise.all([
    db
      .select(columns)
      .from(leaderboardEntries)
      .where(eq(leaderboardEntries.day, day))
      .orderBy(asc(leaderboardEntries.order))
      .limit(LEADERBOARD_SIZE),
    db
      .select(columns)
      .from(leaderboardEntries)
      .where(and(eq(leaderboardEntries.day, day), eq(leaderboardEntries.userId, userId)))
      .limit(1),
  ]);
  return { entries, me: mine ? { order: mine.order, points: mine.points } : null, day, source: 'snapshot' };
}

/**
 * Learners with points, most points first; on a tie whoever got there first (the earlier last save),
 * then the older account. One ranking for the live board and the nightly snapshot.
 */
function rankedLearners(db: Database) {
  return db.$with('ranked').as(
    db
      .select({
        userId: users.id,
        name: users.name,
        points: statistics.points,
        order:
          sql<number>`row_number() over (order by ${statistics.points} desc, ${statistics.timestamp} asc, ${users.createdAt} asc, ${users.id} asc)`.as(
            'order',
          ),
      })
      .from(statistics)
      .innerJoin(users, eq(users.id, statistics.userId))
      .where(gt(statistics.points, 0)),
  );
}

/** row_number() is a bigint, which node-postgres hands over as text. */
const withNumericOrder = <Row extends { order: number | string }>(rows: Row[]) =>
  rows.map((row) => ({ ...row, order: Number(row.order) }));

/** Until the first nightly snapshot: the ranking as of now. The learner's place is found even beyond 100. */
async function liveLeaderboard(db: Database, userId: string, now: Date): Promise<Leaderboard> {
  const ranked = rankedLearners(db);
  const entries = withNumericOrder(
    await db
      .with(ranked)
      .select()
      .from(ranked)
      .where(or(lte(ranked.order, LEADERBOARD_SIZE), eq(ranked.userId, userId)))
      .orderBy(asc(ranked.order)),
  );
  const mine = entries.find((entry) => entry.userId === userId);
  return {
    entries: entries.filter((entry) => entry.order <= LEADERBOARD_SIZE),
    me: mine ? { order: mine.order, points: mine.points } : null,
    day: londonDay(now),
    source: 'live',
  };
}

/** Snapshots older than this many days are deleted when a new one is written. */
export const SNAPSHOT_DAYS_KEPT = 7;

/**
 * Writes the day's leaderboard (the top 100 as of now) and drops snapshots older than a week.
 * Returns how many learners it lists. Run inside the job's transaction: all of it or nothing.
 */
export async function writeLeaderboardSnapshot(db: Database, day: string): Promise<number> {
  const ranked = rankedLearners(db);
  const top = withNumericOrder(
    await db
      .with(ranked)
      .select()
      .from(ranked)
      .where(lte(ranked.order, LEADERBOARD_SIZE))
      .orderBy(asc(ranked.order)),
  );
  await db.delete(leaderboardEntries).where(eq(leaderboardEntries.day, day));
  if (top.length > 0) await db.insert(leaderboardEntries).values(top.map((entry) => ({ ...entry, day })));
  const oldest = new Date(`${day}T00:00:00Z`);
  oldest.setUTCDate(oldest.getUTCDate() - SNAPSHOT_DAYS_KEPT);
  await db.delete(leaderboardEntries).where(lt(leaderboardEntries.day, oldest.toISOString().slice(0, 10)));
  return top.length;
}

export async function loadLeaderboard(db: Database, userId: string, now: Date): Promise<Leaderboard> {
  return (await snapshotLeaderboard(db, userId)) ?? liveLeaderboard(db, userId, now);
}
