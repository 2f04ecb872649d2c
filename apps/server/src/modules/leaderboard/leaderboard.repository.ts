import { and, asc, eq, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { namedStatement } from '../../lib/named-statement.ts';
import {
  leaderboardEntries,
  leaderboardPlaces,
  scheduledJobRuns,
  statistics,
  users,
} from '../../db/schema.ts';

/** The nightly job's name (jobs/leaderboard.job.ts); its runs also tell which days have a board. */
export const LEADERBOARD_JOB = 'leaderboard-snapshot';

/** SPEC §9: the leaderboard shows 100 learners. */
export const LEADERBOARD_SIZE = 100;

export interface LeaderboardEntry {
  userId: string;
  name: string;
  points: number;
  order: number;
}

/** A learner's place on a day's board. */
export interface OwnPlace {
  order: number;
  points: number;
}

export interface Leaderboard {
  entries: LeaderboardEntry[];
  me: OwnPlace | null;
  day: string;
  source: 'snapshot' | 'live';
}

/** en-CA formats dates as YYYY-MM-DD. Built once: building a time-zone formatter costs far more than using it. */
const londonDates = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The last minute asked for and its day: London's midnight always falls on a whole UTC minute. */
let lastMinute = { minute: Number.NaN, day: '' };

/** The calendar day in London (SPEC §1: the ranking turns over at 00:00 London time), as YYYY-MM-DD. */
export function londonDay(now: Date): string {
  // Every leaderboard request asks; formatting is the costly part, so it is done once a minute.
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== lastMinute.minute) lastMinute = { minute, day: londonDates.format(now) };
  return lastMinute.day;
}

/**
 * One round trip: the newest day from the (day, order) index and the job's runs (a day whose board is
 * empty, as on a new installation, has no entry but a run), the place from the (day, user) key. Run by
 * name (ADR 026): every request before the held snapshot is today's reads it.
 */
const readNewestDayAndPlace = namedStatement<{
  day: string | null;
  order: number | null;
  points: number | null;
}>(
  'leaderboard_newest_day',
  sql`
    with latest as (
      select greatest(
        (select max(${leaderboardEntries.day}) from ${leaderboardEntries}),
        (select max(${scheduledJobRuns.slot}) from ${scheduledJobRuns}
         where ${scheduledJobRuns.job} = ${LEADERBOARD_JOB} and ${scheduledJobRuns.result} ? 'entries')
      ) as day
    )
    select latest.day, place."order", place.points
    from latest
    left join ${leaderboardPlaces} place
      on place.day = latest.day and place.user_id = ${sql.placeholder('userId')}::uuid`,
);

/** What a request reads besides the top 100: the newest snapshot's day and the learner's place on it. */
export async function newestDayAndPlace(
  db: Database,
  userId: string,
): Promise<{ day: string | null; place: OwnPlace | null }> {
  const [row] = await readNewestDayAndPlace(db, { userId });
  if (!row?.day) return { day: null, place: null };
  return {
    day: row.day,
    place: row.order === null || row.points === null ? null : { order: row.order, points: row.points },
  };
}

/** node-postgres returns `{ rows }`, PGlite an object with `rows` too; both hand back plain objects. */
function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/** A day's named top 100, in stored order. */
export async function snapshotEntries(db: Database, day: string): Promise<LeaderboardEntry[]> {
  return db
    .select({
      userId: leaderboardEntries.userId,
      name: leaderboardEntries.name,
      points: leaderboardEntries.points,
      order: leaderboardEntries.order,
    })
    .from(leaderboardEntries)
    .where(eq(leaderboardEntries.day, day))
    .orderBy(asc(leaderboardEntries.order))
    .limit(LEADERBOARD_SIZE);
}

/**
 * A learner's own place on a day's board, by key (issue 15: found in milliseconds at a million learners).
 * Null when they had no points when the day's ranking was written.
 */
export async function findOwnPlace(db: Database, day: string, userId: string): Promise<OwnPlace | null> {
  const [place] = await db
    .select({ order: leaderboardPlaces.order, points: leaderboardPlaces.points })
    .from(leaderboardPlaces)
    .where(and(eq(leaderboardPlaces.day, day), eq(leaderboardPlaces.userId, userId)))
    .limit(1);
  return place ?? null;
}

/**
 * The ranking order, in one place for the live board, the live own place and the nightly job: most
 * points first; on a tie whoever got there first (the earlier last save), then the older account.
 */
const leaderboardOrder = sql`s.points desc, s.timestamp asc, u.created_at asc, u.id asc`;

/** The live top 100, in ranking order from the statistics_ranking index (never a sort of every learner). */
const readLiveTop = namedStatement<{ userId: string; name: string; points: number }>(
  'leaderboard_live_top',
  sql`
    select u.id as "userId", u.name, s.points
    from ${statistics} s join ${users} u on u.id = s.user_id
    where s.points > 0
    order by ${leaderboardOrder}
    limit ${LEADERBOARD_SIZE}`,
);

/** The learner's live place: one more than the learners ahead of them. */
const readLivePlace = namedStatement<{ points: number; order: number | string }>(
  'leaderboard_live_place',
  sql`
    with mine as (
      select s.points, s.timestamp, u.created_at, u.id
      from ${statistics} s join ${users} u on u.id = s.user_id
      where s.user_id = ${sql.placeholder('userId')}::uuid and s.points > 0
    )
    select mine.points,
      1
      + (select count(*) from ${statistics} ahead where ahead.points > mine.points)
      + (select count(*) from ${statistics} tied join ${users} tu on tu.id = tied.user_id
         where tied.points = mine.points
           and (tied.timestamp, tu.created_at, tu.id) < (mine.timestamp, mine.created_at, mine.id))
      as "order"
    from mine`,
);

/**
 * Until the first nightly snapshot: the top 100 as of now and the learner's place by counting those
 * ahead of them, both by name (ADR 026): every request reads them until the first snapshot.
 */
export async function liveLeaderboard(db: Database, userId: string, now: Date): Promise<Leaderboard> {
  const [top, [me]] = await Promise.all([readLiveTop(db, {}), readLivePlace(db, { userId })]);
  const entries = top.map((row, index) => ({ ...row, order: index + 1 }));
  return {
    entries,
    // count(*) is a bigint, which node-postgres hands over as text.
    me: me ? { order: Number(me.order), points: me.points } : null,
    day: londonDay(now),
    source: 'live',
  };
}

/** Snapshots older than this many days are deleted when a new one is written. */
export const SNAPSHOT_DAYS_KEPT = 7;

/**
 * Writes the day's leaderboard: every learner with points gets their place (leaderboard_places, for
 * `me`), the top 100 also a named entry; places of earlier days and snapshots older than a week go.
 * Returns how many learners are listed by name. Run inside the job's transaction: all of it or nothing.
 */
export async function writeLeaderboardSnapshot(db: Database, day: string): Promise<number> {
  await db.delete(leaderboardPlaces).where(lte(leaderboardPlaces.day, day));
  await db.execute(sql`
    insert into ${leaderboardPlaces} (day, user_id, points, "order")
    select ${day}, s.user_id, s.points, row_number() over (order by ${leaderboardOrder})
    from ${statistics} s join ${users} u on u.id = s.user_id
    where s.points > 0`);
  await db.delete(leaderboardEntries).where(eq(leaderboardEntries.day, day));
  const listed = await db.execute(sql`
    insert into ${leaderboardEntries} (day, user_id, name, points, "order")
    select place.day, place.user_id, u.name, place.points, place."order"
    from ${leaderboardPlaces} place join ${users} u on u.id = place.user_id
    where place.day = ${day} and place."order" <= ${LEADERBOARD_SIZE}
    returning 1`);
  const oldest = new Date(`${day}T00:00:00Z`);
  oldest.setUTCDate(oldest.getUTCDate() - SNAPSHOT_DAYS_KEPT);
  await db.delete(leaderboardEntries).where(lt(leaderboardEntries.day, oldest.toISOString().slice(0, 10)));
  return rowsOf(listed).length;
}
