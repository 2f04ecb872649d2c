import type { Database } from '../../db/client.ts';
import {
  findOwnPlace,
  liveLeaderboard,
  londonDay,
  newestDayAndPlace,
  snapshotEntries,
  type Leaderboard,
  type LeaderboardEntry,
  type OwnPlace,
} from './leaderboard.repository.ts';

/** At most this many learners' own places are held per instance for the day (ADR 023): about 10 MB. */
export const MAX_HELD_PLACES = 50_000;

/**
 * One day's snapshot as this instance holds it. A snapshot never changes once written (the job claims
 * its day once, ADR 004), so its top 100 and every place read from it stay true all day.
 */
interface HeldDay {
  day: string;
  entries: LeaderboardEntry[];
  /** The top 100 as JSON in the contract's shape, written once for the day: every answer shares it. */
  topJson: string;
  /** Places of the top 100, and of the learners further down who asked (most recently asked last). */
  listed: Map<string, OwnPlace>;
  places: Map<string, OwnPlace | null>;
}

/** What the route sends: the board, or for a snapshot its JSON and a validator for repeat requests. */
export type LeaderboardAnswer =
  { source: 'live'; board: Leaderboard } | { source: 'snapshot'; json: string; etag: string };

function holdDay(day: string, entries: LeaderboardEntry[]): HeldDay {
  return {
    day,
    entries,
    topJson: entriesJson(entries),
    listed: new Map(entries.map((entry) => [entry.userId, { order: entry.order, points: entry.points }])),
    places: new Map(),
  };
}

/** The top 100 as the contract writes them: its fields, in its order (names only, never an address). */
export function entriesJson(entries: LeaderboardEntry[]): string {
  return JSON.stringify(entries.map(({ userId, name, points, order }) => ({ userId, name, points, order })));
}

/**
 * The day's answer to one learner as the contract's `leaderboardSchema` writes it (a test holds the two
 * equal): written around the day's JSON of the top 100, because writing the same 100 entries for every
 * request was the answer's largest cost (ADR 023). `me` is the only part per learner.
 */
export function snapshotJson(day: string, topJson: string, me: OwnPlace | null): string {
  const place = me === null ? 'null' : `{"order":${me.order},"points":${me.points}}`;
  return `{"entries":${topJson},"me":${place},"day":${JSON.stringify(day)},"source":"snapshot"}`;
}

function snapshotAnswer(held: HeldDay, me: OwnPlace | null): LeaderboardAnswer {
  return {
    source: 'snapshot',
    json: snapshotJson(held.day, held.topJson, me),
    // The day fixes the entries, `me` the rest.
    etag: `"${held.day}.${me === null ? '-' : `${me.order}.${me.points}`}"`,
  };
}

/**
 * The daily board as one instance serves it (ADR 023). While the held snapshot is today's (London), an
 * answer needs no database at all but for a learner's first request of the day (their place, by key).
 * Otherwise — just after midnight until the job has run, or a board of another day — each request reads
 * the newest day with the learner's place, as before, and takes up a newer snapshot as soon as it exists.
 * With no snapshot at all (scheduled jobs off on every instance) the board is live (ADR 017).
 */
export function instanceLeaderboard(db: Database, maxPlaces = MAX_HELD_PLACES) {
  let held: HeldDay | null = null;
  /** The top 100 being read for a day, shared by the requests that arrive meanwhile. */
  let loading: { day: string; done: Promise<HeldDay> } | null = null;

  const take = async (day: string): Promise<HeldDay> => {
    if (held?.day === day) return held;
    if (loading?.day !== day) {
      const done = snapshotEntries(db, day).then((entries) => {
        // A slower read of an older day must not replace a newer one.
        if (held === null || held.day < day) held = holdDay(day, entries);
        return held.day === day ? held : holdDay(day, entries);
      });
      loading = { day, done };
      void done.finally(() => {
        if (loading?.done === done) loading = null;
      });
    }
    return loading.done;
  };

  const remember = (day: HeldDay, userId: string, place: OwnPlace | null) => {
    day.places.delete(userId);
    if (day.places.size >= maxPlaces) day.places.delete(day.places.keys().next().value as string);
    day.places.set(userId, place);
  };

  const placeOn = async (day: HeldDay, userId: string): Promise<OwnPlace | null> => {
    const listed = day.listed.get(userId);
    if (listed) return listed;
    const known = day.places.get(userId);
    if (known !== undefined) {
      // Most recently asked goes last, so the least recently asked leaves first when full.
      day.places.delete(userId);
      day.places.set(userId, known);
      return known;
    }
    const place = await findOwnPlace(db, day.day, userId);
    remember(day, userId, place);
    return place;
  };

  return {
    async read(userId: string, now: Date): Promise<LeaderboardAnswer> {
      const today = londonDay(now);
      const current = held;
      if (current?.day === today) return snapshotAnswer(current, await placeOn(current, userId));
      const { day, place } = await newestDayAndPlace(db, userId);
      if (day === null) return { source: 'live', board: await liveLeaderboard(db, userId, now) };
      const snapshot = await take(day);
      const listed = snapshot.listed.get(userId);
      if (!listed) remember(snapshot, userId, place);
      return snapshotAnswer(snapshot, listed ?? place);
    },
    /** Tests: how many own places this instance holds. */
    get heldPlaces(): number {
      return held?.places.size ?? 0;
    },
  };
}
