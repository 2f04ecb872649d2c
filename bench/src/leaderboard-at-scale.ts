import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { refreshLeaderboard } from '../../apps/server/src/jobs/leaderboard.job.ts';
import { findOwnPlace, leaderboardReader } from '../../apps/server/src/modules/ranking/ranking.repository.ts';

/** A line on the terminal (the bench reports; the lint keeps console out of code). */
const say = (text: string) => void process.stdout.write(`${text}\n`);

/** Issue 15: a learner's own place on the daily board, looked up at a million learners. */
const LEARNERS = 1_000_000;
const LOOKUPS = 400;

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}

/**
 * In a scratch database on the server of `databaseUrl` (created here and dropped again): migrate, seed a
 * million learners with points, run the real nightly ranking job, then time the real repository's
 * own-place lookup for random learners.
 */
export async function leaderboardAtScale(
  databaseUrl: string,
): Promise<{ learners: number; ownRankP50Ms: number; ownRankP99Ms: number }> {
  const name = `parlo_bench_board_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() }, () => {});
  try {
    const { db } = database;
    // Points 1–50,000 with many ties, last saves spread over a year: the ranking's tie-breaks all matter.
    await db.execute(sql`
      insert into users (name, age, email)
      select 'Learner ' || n, 30, 'learner' || n || '@bench.parlo.local' from generate_series(1, ${LEARNERS}) n`);
    await db.execute(sql`
      insert into statistics (user_id, points, timestamp)
      select id, 1 + floor(random() * 50000)::int, 1700000000 + floor(random() * 31536000)::int from users`);
    await db.execute(sql`vacuum analyze`);
    // The real job: the first day is only marked (new installation), the next midnight ranks everyone.
    await refreshLeaderboard(db, new Date('2030-01-01T12:00:00Z'));
    if (process.env.BENCH_VERBOSE) {
      // Before the first midnight: the live board (top 100 by index, own place by counting those ahead).
      const read = leaderboardReader(db);
      const [someone] = (
        (await db.execute(sql`select id from users order by random() limit 1`)) as unknown as {
          rows: Array<{ id: string }>;
        }
      ).rows;
      for (let run = 0; run < 3; run += 1) {
        const started = performance.now();
        const live = await read(someone?.id ?? '', new Date('2030-01-01T12:00:00Z'));
        say(`live board: place ${live.me?.order} in ${Math.round(performance.now() - started)} ms`);
      }
    }
    const jobStarted = performance.now();
    await refreshLeaderboard(db, new Date('2030-01-02T00:00:30Z'));
    const jobMs = performance.now() - jobStarted;
    // As autovacuum would soon after the nightly job: the visibility map lets lookups skip the heap.
    await db.execute(sql`vacuum analyze`);

    const sample = (await db.execute(
      sql`select id from users order by random() limit ${LOOKUPS}`,
    )) as unknown as { rows: Array<{ id: string }> };
    // A few lookups first open the pool's connection and warm the index, as a running server has.
    for (const { id } of sample.rows.slice(0, 20)) await findOwnPlace(db, '2030-01-02', id);
    const timings: number[] = [];
    let found = 0;
    for (const { id } of sample.rows) {
      const started = performance.now();
      const place = await findOwnPlace(db, '2030-01-02', id);
      timings.push(performance.now() - started);
      if (place) found += 1;
    }
    if (found !== sample.rows.length) throw new Error(`only ${found} of ${sample.rows.length} places found`);
    timings.sort((a, b) => a - b);
    if (process.env.BENCH_VERBOSE) {
      const someone = sample.rows[0]?.id ?? '';
      const plan = (await db.execute(sql`
        explain (analyze, buffers) select "order", points from leaderboard_places
        where day = '2030-01-02' and user_id = ${someone} limit 1`)) as unknown as {
        rows: Array<{ 'QUERY PLAN': string }>;
      };
      say(`ranking job: ${Math.round(jobMs)} ms`);
      say(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
    }
    return {
      learners: LEARNERS,
      ownRankP50Ms: Number(percentile(timings, 0.5).toFixed(3)),
      ownRankP99Ms: Number(percentile(timings, 0.99).toFixed(3)),
    };
  } finally {
    await database.close();
    const cleanup = new pg.Client({ connectionString: databaseUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  }
}

// `node --import tsx bench/src/leaderboard-at-scale.ts [url]` runs it alone.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const target =
    process.argv[2] ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  say(JSON.stringify(await leaderboardAtScale(target)));
}
