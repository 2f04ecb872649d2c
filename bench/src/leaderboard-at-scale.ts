import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { refreshLeaderboard } from '../../apps/server/src/jobs/leaderboard.job.ts';
import {
  findOwnPlace,
  liveLeaderboard,
  londonDay,
} from '../../apps/server/src/modules/leaderboard/leaderboard.repository.ts';
import { closedLoop } from './load.ts';
import { startHelloWorld, startParlo, type RunningServer } from './servers.ts';

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
export async function leaderboardAtScale(databaseUrl: string): Promise<{
  learners: number;
  ownRankP50Ms: number;
  ownRankP99Ms: number;
  board?: BoardOverHttp | null;
}> {
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
    if (process.env.BENCH_VERBOSE) {
      // What no snapshot would cost (scheduled jobs off): the live board, top 100 by index, own place by counting.
      const [someone] = (
        (await db.execute(sql`select id from users order by random() limit 1`)) as unknown as {
          rows: Array<{ id: string }>;
        }
      ).rows;
      for (let run = 0; run < 3; run += 1) {
        const started = performance.now();
        const live = await liveLeaderboard(db, someone?.id ?? '', new Date());
        say(`live board: place ${live.me?.order} in ${Math.round(performance.now() - started)} ms`);
      }
    }
    // The real job, for today (London), so that a server started on this database serves it (ADR 023).
    const now = new Date();
    const day = londonDay(now);
    const jobStarted = performance.now();
    await refreshLeaderboard(db, now);
    const jobMs = performance.now() - jobStarted;
    // As autovacuum would soon after the nightly job: the visibility map lets lookups skip the heap.
    await db.execute(sql`vacuum analyze`);

    const sample = (await db.execute(
      sql`select id from users order by random() limit ${LOOKUPS}`,
    )) as unknown as { rows: Array<{ id: string }> };
    // A few lookups first open the pool's connection and warm the index, as a running server has.
    for (const { id } of sample.rows.slice(0, 20)) await findOwnPlace(db, day, id);
    const timings: number[] = [];
    let found = 0;
    for (const { id } of sample.rows) {
      const started = performance.now();
      const place = await findOwnPlace(db, day, id);
      timings.push(performance.now() - started);
      if (place) found += 1;
    }
    if (found !== sample.rows.length) throw new Error(`only ${found} of ${sample.rows.length} places found`);
    timings.sort((a, b) => a - b);
    if (process.env.BENCH_VERBOSE) {
      const someone = sample.rows[0]?.id ?? '';
      const plan = (await db.execute(sql`
        explain (analyze, buffers) select "order", points from leaderboard_places
        where day = ${day} and user_id = ${someone} limit 1`)) as unknown as {
        rows: Array<{ 'QUERY PLAN': string }>;
      };
      say(`ranking job: ${Math.round(jobMs)} ms`);
      say(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
    }
    const board = process.env.BENCH_BOARD_HTTP === 'false' ? null : await boardOverHttp(db, url.toString());
    return {
      learners: LEARNERS,
      ownRankP50Ms: Number(percentile(timings, 0.5).toFixed(3)),
      ownRankP99Ms: Number(percentile(timings, 0.99).toFixed(3)),
      board,
    };
  } finally {
    await database.close();
    const cleanup = new pg.Client({ connectionString: databaseUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  }
}

/** GET /api/leaderboard on the million-learner database, against hello-world in the same window. */
export interface BoardOverHttp {
  signedInLearners: number;
  runs: Array<{
    app: string;
    requestsPerSecond: number;
    p50Ms: number | null;
    p99Ms: number | null;
    errors: number;
  }>;
  helloWorldRequestsPerSecond: number;
  share: Record<string, number>;
}

const SIGNED_IN = 200;
const repoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The endpoint as learners meet it at scale: today's board written by the job, a full top 100 and a place
 * for everyone. 200 random learners get a session; Parlo (this checkout, and `BENCH_BOARD_BASE_DIR` when
 * set, for a before/after in one window) and hello-world are loaded in turn, twice, autocannon -c 50.
 */
async function boardOverHttp(db: Awaited<ReturnType<typeof openDatabase>>['db'], databaseUrl: string) {
  await db.execute(sql`
    insert into sessions (user_id, token_hash, expires_at)
    select id, encode(sha256(convert_to('bench-board-' || n, 'UTF8')), 'hex'), now() + interval '1 day'
    from (select id, row_number() over () as n from (select id from users order by random() limit ${SIGNED_IN}) picked) numbered`);
  const apps: Array<[string, string]> = [['this checkout', process.env.BENCH_APP_DIR ?? repoDir]];
  if (process.env.BENCH_BOARD_BASE_DIR) apps.push(['base', process.env.BENCH_BOARD_BASE_DIR]);
  const seconds = Number(process.env.BENCH_SECONDS ?? 3);
  const servers: RunningServer[] = [];
  const dataDirs: string[] = [];
  try {
    const hello = await startHelloWorld();
    servers.push(hello);
    const started: Array<[string, RunningServer]> = [];
    for (const [name, appDir] of apps) {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'parlo-board-'));
      dataDirs.push(dataDir);
      const server = await startParlo(appDir, dataDir, databaseUrl);
      servers.push(server);
      started.push([name, server]);
    }
    const request = (index: number) => ({
      method: 'GET' as const,
      path: '/api/leaderboard',
      headers: { authorization: `Bearer bench-board-${1 + (index % SIGNED_IN)}` },
    });
    for (const [name, server] of started) {
      const answer = (await (
        await fetch(`${server.url}/api/leaderboard`, { headers: request(0).headers })
      ).json()) as { entries: unknown[]; me: unknown; source: string };
      if (answer.entries.length !== 100 || answer.me === null)
        throw new Error(
          `${name}: not a full board (${answer.entries.length} entries, me ${String(answer.me)})`,
        );
      await closedLoop(server.url, request, { seconds: 1 });
    }
    const helloRuns: number[] = [];
    const runs: BoardOverHttp['runs'] = [];
    for (let round = 0; round < 2; round += 1) {
      helloRuns.push((await closedLoop(hello.url, request, { seconds })).requestsPerSecond);
      for (const [name, server] of started) {
        const measured = await closedLoop(server.url, request, { seconds });
        runs.push({ app: name, ...measured });
        say(
          `board over HTTP, ${name}: ${Math.round(measured.requestsPerSecond)} req/s, ${measured.errors} non-2xx`,
        );
      }
    }
    const helloWorld = helloRuns.reduce((sum, value) => sum + value, 0) / helloRuns.length;
    const share = Object.fromEntries(
      started.map(([name]) => {
        const mine = runs.filter((run) => run.app === name);
        const mean = mine.reduce((sum, run) => sum + run.requestsPerSecond, 0) / mine.length;
        return [name, Number(((100 * mean) / helloWorld).toFixed(1))];
      }),
    );
    say(`board over HTTP: hello-world ${Math.round(helloWorld)} req/s; share ${JSON.stringify(share)}`);
    return { signedInLearners: SIGNED_IN, runs, helloWorldRequestsPerSecond: helloWorld, share };
  } finally {
    for (const server of servers.reverse()) await server.stop();
    for (const dataDir of dataDirs) await rm(dataDir, { recursive: true, force: true });
  }
}

// `node --import tsx bench/src/leaderboard-at-scale.ts [url]` runs it alone.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const target =
    process.argv[2] ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  say(JSON.stringify(await leaderboardAtScale(target)));
}
