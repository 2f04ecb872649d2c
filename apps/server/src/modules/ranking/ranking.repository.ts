import { and, asc, eq, gt, lte, max, or, sql } from 'drizzle-orm';
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
 * Until the nightly snapshot exists: learners with points, most points first; on a tie whoever got there
 * first (the earlier last save), then the older account. The learner's own place is found even beyond 100.
 */
async function liveLeaderboard(db: Database, userId: string, now: Date): Promise<Leaderboard> {
  const ranked = db.$with('ranked').as(
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
  const rows = await db
    .with(ranked)
    .select()
    .from(ranked)
    .where(or(lte(ranked.order, LEADERBOARD_SIZE), eq(ranked.userId, userId)))
    .orderBy(asc(ranked.order));
  // row_number() is a bigint, which node-postgres hands over as text.
  const entries = rows.map((row) => ({ ...row, order: Number(row.order) }));
  const mine = entries.find((entry) => entry.userId === userId);
  return {
    entries: entries.filter((entry) => entry.order <= LEADERBOARD_SIZE),
    me: mine ? { order: mine.order, points: mine.points } : null,
    day: londonDay(now),
    source: 'live',
  };
}

export async function loadLeaderboard(db: Database, userId: string, now: Date): Promise<Leaderboard> {
  return (await snapshotLeaderboard(db, userId)) ?? liveLeaderboard(db, userId, now);
}
