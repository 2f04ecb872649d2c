import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { register } from '@parlo/contract/accounts';
import type { CallResponse } from '@parlo/contract/call';
import type { CatalogueLanguage, CourseList } from '@parlo/contract/catalogue';
import type { Overview } from '@parlo/contract/learning';
import type { Leaderboard } from '@parlo/contract/leaderboard';
import type { Exercise } from '@parlo/core/exercises/registry';
import { rightAnswer } from './answers.ts';
import { closedLoop, openLoop, type LoadRequest } from './load.ts';
import {
  endpointHeader,
  endpointRows,
  firstVisitJsTargetBytes,
  formatBytes,
  formatMs,
  idleRssTargetBytes,
  openLoopRow,
  ownRankTargetMs,
  renderTable,
  verdict,
  type DatabaseKind,
  type EndpointFigures,
  type OpenLoopFigures,
} from './report.ts';
import { benchEmail, benchToken, createScratchDatabase, seedLearners } from './seed.ts';
import {
  BENCH_SECRET,
  installCleanup,
  cpuMs,
  rssBytes,
  serveCommand,
  startHelloWorld,
  startParlo,
  stopAll,
  type RunningServer,
} from './servers.ts';

/*
 * `npm run bench` (issue 15): Parlo against a Fastify hello-world in the same run, endpoint by endpoint,
 * interleaved, on loopback. A benchmark, not a test: it prints and writes figures and never fails on them.
 */

const out = (line = '') => process.stdout.write(`${line}\n`);
const repoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const appDir = path.resolve(process.env.BENCH_APP_DIR ?? repoDir);
const args = new Set(process.argv.slice(2));
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const completionRate = Number(process.env.BENCH_COMPLETION_RATE ?? 300);
const openLoopSeconds = Number(process.env.BENCH_OPEN_LOOP_SECONDS ?? 5);
/**
 * `BENCH_ONLY=health,catalogue` measures only those endpoints ('open-loop' for the fixed-rate completion
 * run), for working on one of them; unset, everything is measured. `BENCH_DATABASES=postgres` skips PGlite.
 */
const only = process.env.BENCH_ONLY
  ? new Set(process.env.BENCH_ONLY.split(',').map((name) => name.trim()))
  : null;
const measures = (name: string) => only === null || only.has(name);
const onlyDatabases = process.env.BENCH_DATABASES
  ? new Set(process.env.BENCH_DATABASES.split(',').map((name) => name.trim()))
  : null;
/** Signed-in learners of the read runs (learner 0 is the probe); requests still spread over 1,000 addresses. */
const LEARNERS = 200;
/**
 * The closed-loop completion run's learners, after those: a learner is lent to one connection at a time and
 * comes back when its completion was answered, so its next lesson is never asked for before the previous
 * one committed (else: 409 "lesson locked"). Enough for about 6 lessons each at 2,000 completions/s.
 */
const COMPLETION_LEARNERS = 1000;
/** The open loop's learners, after those: one completion each, so none waits for its own previous one. */
const OPEN_LOOP_LEARNERS = Math.ceil(completionRate * openLoopSeconds);
const SEEDED_LEARNERS = LEARNERS + COMPLETION_LEARNERS + OPEN_LOOP_LEARNERS;
const PASSWORD = 'bench password 1';

interface DatabaseFigures {
  database: DatabaseKind;
  endpoints: EndpointFigures[];
  completionOpenLoop: OpenLoopFigures | null;
  /** 3 s after the first start on a fresh data folder, which created the database and imported the courses. */
  rssIdleAfterFirstStartBytes: number | null;
  /** 3 s after the second start (nothing to import). */
  rssIdleAfterStartBytes: number | null;
  rssIdleAfterLoadBytes: number | null;
  notes: string[];
  /** Second start to the end of the open-loop run. */
  measuredSeconds: number;
}

/** What to undo on the way out (temp folders, scratch databases), newest first. */
const cleanups = new Set<() => Promise<void>>();
function track(cleanup: () => Promise<void>): () => Promise<void> {
  cleanups.add(cleanup);
  return async () => {
    cleanups.delete(cleanup);
    await cleanup().catch(() => {});
  };
}
async function cleanUpAll(): Promise<void> {
  for (const cleanup of [...cleanups].reverse()) {
    cleanups.delete(cleanup);
    await cleanup().catch(() => {});
  }
}
installCleanup(cleanUpAll);

async function main(): Promise<void> {
  const startedAt = new Date();
  out(`Parlo bench — app: ${appDir} (${gitCommit(appDir)})`);
  out(
    `${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), load average ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}, Node ${process.version}`,
  );
  out(`autocannon -c 50, ${seconds} s per run, 1,000 client addresses (X-Forwarded-For, TRUST_PROXY=true)`);
  await ensureBuilt();

  const hello = await startHelloWorld();
  const databases: DatabaseFigures[] = [];
  let web: { compressedBytes: number; files: number } | null = null;
  let lighthouse: unknown = null;
  const notes: string[] = [];
  const adminUrl = process.env.BENCH_DATABASE_URL;
  const kinds = (
    adminUrl ? (['pglite', 'postgres'] as DatabaseKind[]) : (['pglite'] as DatabaseKind[])
  ).filter((kind) => onlyDatabases === null || onlyDatabases.has(kind));

  // The setup is not measured, so every database's is done at once: first start (migrations, the bundled
  // courses), the template account and the seed. On 2 cores that overlaps the two slowest steps of the run.
  // The first-visit JS is counted in bytes, not time, so it is taken from the first PGlite server meanwhile.
  const setupStarted = Date.now();
  const prepared = await settledAll(
    kinds.map((database) =>
      prepareDatabase(database, async (parlo) => {
        if (database !== 'pglite') return;
        const webModule = await optionalModule<WebModule>('./web.ts');
        if (!webModule) {
          notes.push('first-visit JS: not available (bench/src/web.ts is not there yet)');
          return;
        }
        web = await webModule.firstVisitJs(parlo.url);
      }),
    ),
  );
  const setupSeconds = (Date.now() - setupStarted) / 1000;
  progress(`setup of ${kinds.join(' and ')} done in ${setupSeconds.toFixed(0)} s`);

  // The measured part, one database at a time with nothing else running.
  for (const database of prepared) {
    databases.push(
      await measureDatabase(database, hello, async (parlo) => {
        if (database.database !== 'pglite' || !args.has('--lighthouse')) return;
        const webModule = await optionalModule<WebModule>('./web.ts');
        if (webModule) lighthouse = await webModule.runLighthouse(parlo.url, ['/', '/login', '/dashboard']);
      }),
    );
  }

  let leaderboard: { learners: number; ownRankP50Ms: number; ownRankP99Ms: number } | null = null;
  let reminders: RemindersAtScale | null = null;
  if (adminUrl) {
    if (args.has('--leaderboard-1m')) {
      const scale = await optionalModule<LeaderboardModule>('./leaderboard-at-scale.ts');
      if (!scale)
        notes.push('leaderboard at 1 M learners: not available (bench/src/leaderboard-at-scale.ts missing)');
      else {
        const scratch = await createScratchDatabase(adminUrl);
        const drop = track(scratch.drop);
        try {
          leaderboard = await scale.leaderboardAtScale(scratch.url);
        } finally {
          await drop();
        }
      }
    }
    if (args.has('--reminders-1m')) {
      const scale = await optionalModule<RemindersModule>('./reminders-at-scale.ts');
      if (!scale)
        notes.push('reminders at 1 M learners: not available (bench/src/reminders-at-scale.ts missing)');
      else {
        const scratch = await createScratchDatabase(adminUrl);
        const drop = track(scratch.drop);
        try {
          reminders = await scale.remindersAtScale(scratch.url);
        } finally {
          await drop();
        }
      }
    }
  } else notes.push('PostgreSQL: skipped (set BENCH_DATABASE_URL=postgres://… to run it)');
  await hello.stop();

  out();
  for (const figures of databases) {
    out(`== ${figures.database === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'} ==`);
    const rows = endpointRows(figures.endpoints, figures.database);
    if (figures.completionOpenLoop) rows.push(openLoopRow(figures.completionOpenLoop, figures.database));
    out(renderTable(endpointHeader, rows));
    const rss = (value: number | null) => (value === null ? '–' : formatBytes(value));
    // Issue 15's target (PGlite) holds at idle both after the first start, which imports the courses,
    // and after a restart.
    const rssTarget =
      figures.database === 'pglite'
        ? ` (target ≤ ${formatBytes(idleRssTargetBytes)}: first start ${verdict(figures.rssIdleAfterFirstStartBytes, idleRssTargetBytes, true)}, restart ${verdict(figures.rssIdleAfterStartBytes, idleRssTargetBytes, true)})`
        : '';
    out(
      `server RSS at idle: ${rss(figures.rssIdleAfterFirstStartBytes)} after the first start (courses imported), ${rss(figures.rssIdleAfterStartBytes)} after a restart, ${rss(figures.rssIdleAfterLoadBytes)} after the load${rssTarget}`,
    );
    for (const note of figures.notes) out(`note: ${note}`);
    out();
  }
  const webFigures = web as { compressedBytes: number; files: number } | null;
  if (webFigures)
    out(
      `first-visit JS: ${formatBytes(webFigures.compressedBytes)} compressed in ${webFigures.files} files (target ≤ ${formatBytes(firstVisitJsTargetBytes)}: ${verdict(webFigures.compressedBytes, firstVisitJsTargetBytes, true)})`,
    );
  if (lighthouse) out(`Lighthouse (mobile): ${JSON.stringify(lighthouse)}`);
  if (leaderboard) {
    const board = leaderboard as { learners: number; ownRankP50Ms: number; ownRankP99Ms: number };
    out(
      `own rank at ${board.learners.toLocaleString('en-US')} learners: p50 ${formatMs(board.ownRankP50Ms)}, p99 ${formatMs(board.ownRankP99Ms)} (target ≤ ${ownRankTargetMs} ms: ${verdict(board.ownRankP99Ms, ownRankTargetMs, true)})`,
    );
  }
  if (reminders) {
    const sweeps = reminders as RemindersAtScale;
    const read = sweeps.minutes.map((minute) => minute.lookedAt);
    out(
      `reminders sweep at ${sweeps.learners.toLocaleString('en-US')} learners: ${Math.min(...read)}–${Math.max(...read)} learners read a minute, p50 ${formatMs(sweeps.sweepP50Ms)}, max ${formatMs(sweeps.sweepMaxMs)} (of the 60 s minute)`,
    );
  }
  for (const note of notes) out(`note: ${note}`);

  const elapsedSeconds = (Date.now() - startedAt.getTime()) / 1000;
  const resultsDir = path.join(repoDir, 'bench', 'results');
  await mkdir(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${startedAt.toISOString().replaceAll(':', '-')}.json`);
  await writeFile(
    file,
    `${JSON.stringify(
      {
        startedAt: startedAt.toISOString(),
        elapsedSeconds,
        setupSeconds,
        app: { dir: appDir, commit: gitCommit(appDir) },
        machine: {
          cpus: os.cpus().length,
          model: os.cpus()[0]?.model,
          loadAverage: os.loadavg(),
          node: process.version,
        },
        settings: {
          seconds,
          connections: 50,
          clientAddresses: 1000,
          completionRate,
          openLoopSeconds,
          learners: LEARNERS,
          completionLearners: COMPLETION_LEARNERS,
          openLoopLearners: OPEN_LOOP_LEARNERS,
        },
        databases,
        web,
        lighthouse,
        leaderboardAtScale: leaderboard,
        remindersAtScale: reminders,
        notes,
      },
      null,
      2,
    )}\n`,
  );
  out(
    `figures written to ${path.relative(process.cwd(), file)}; ${elapsedSeconds.toFixed(0)} s in all; load average now ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
  out(
    `bench took ${formatDuration(elapsedSeconds)} in all (setup ${formatDuration(setupSeconds)}, ${databases
      .map((figures) => `${figures.database} ${formatDuration(figures.measuredSeconds)}`)
      .join(', ')})`,
  );
}

/** Minutes and seconds, for the run's duration. */
function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  return whole < 60 ? `${whole} s` : `${Math.floor(whole / 60)} min ${whole % 60} s`;
}

/** Progress lines carry the time since the start, so a slow step shows where the minutes go. */
const benchStarted = Date.now();
function progress(line: string): void {
  out(`[${String(Math.round((Date.now() - benchStarted) / 1000)).padStart(4)} s] ${line}`);
}

/** Like Promise.all, but every promise has settled (and cleaned up after itself) before a failure is thrown. */
async function settledAll<T>(promises: Array<Promise<T>>): Promise<T[]> {
  const results = await Promise.allSettled(promises);
  const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((result) => (result as PromiseFulfilledResult<T>).value);
}

interface WebModule {
  firstVisitJs(baseUrl: string): Promise<{ compressedBytes: number; files: number }>;
  runLighthouse(
    baseUrl: string,
    paths: string[],
  ): Promise<Array<{ path: string; performance: number; cls: number; lcpMs: number }>>;
}
interface RemindersAtScale {
  learners: number;
  minutes: Array<{ minute: string; lookedAt: number; sent: number; ms: number }>;
  sweepP50Ms: number;
  sweepMaxMs: number;
}
interface RemindersModule {
  remindersAtScale(databaseUrl: string): Promise<RemindersAtScale>;
}
interface LeaderboardModule {
  leaderboardAtScale(
    databaseUrl: string,
  ): Promise<{ learners: number; ownRankP50Ms: number; ownRankP99Ms: number }>;
}

/** Another engineer's part of the bench, when it has landed; null until then. */
async function optionalModule<T>(relative: string): Promise<T | null> {
  const file = fileURLToPath(new URL(relative, import.meta.url));
  if (!existsSync(file)) return null;
  return (await import(file)) as T;
}

function gitCommit(dir: string): string {
  try {
    return execFileSync('git', ['-C', dir, 'log', '-1', '--format=%h %s'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown commit';
  }
}

/** `npm start` builds before serving; the bench does the same when the web or the content was never built. */
async function ensureBuilt(): Promise<void> {
  const webBuilt = existsSync(path.join(appDir, 'apps/web/dist/index.html'));
  const contentBuilt = existsSync(path.join(appDir, 'content/dist'));
  // The server bundle `npm run serve` runs (ADR 024), when the checkout has one.
  const serverBuilt = serveCommand(appDir)
    .args.filter((arg) => arg.endsWith('.js'))
    .every((file) => existsSync(path.join(appDir, file)));
  if (webBuilt && contentBuilt && serverBuilt) return;
  out('building the app first (npm run build)…');
  await new Promise<void>((resolve, reject) => {
    const child = spawn('npm', ['run', 'build'], { cwd: appDir, stdio: 'inherit' });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`npm run build exited with ${code}`)),
    );
  });
}

interface PreparedDatabase {
  database: DatabaseKind;
  dataDir: string;
  databaseUrl: string | null;
  rssIdleAfterFirstStartBytes: number | null;
  /** Removes the data folder and drops the scratch database. */
  undo: Array<() => Promise<void>>;
}

/**
 * Everything before the measurement: a fresh data folder (or scratch database), Parlo's first start
 * (migrations and the bundled courses, as `npm start` does), one account registered through the API, then
 * Parlo stopped and the learners seeded straight into the database.
 */
async function prepareDatabase(
  database: DatabaseKind,
  whileFirstUp: (parlo: RunningServer) => Promise<void>,
): Promise<PreparedDatabase> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'parlo-bench-'));
  const undo = [track(() => rm(dataDir, { recursive: true, force: true }))];
  let parlo: RunningServer | null = null;
  try {
    let databaseUrl: string | null = null;
    if (database === 'postgres') {
      const scratch = await createScratchDatabase(process.env.BENCH_DATABASE_URL ?? '');
      undo.push(track(scratch.drop));
      databaseUrl = scratch.url;
    }
    progress(`[${database}] first start: migrations and the bundled courses (as npm start does)…`);
    parlo = await startParlo(appDir, dataDir, databaseUrl);
    // Idle as `npm start` leaves a fresh install: has the import's memory been given back?
    await sleep(3000);
    const rssIdleAfterFirstStartBytes = rssBytes(parlo.pid);
    progress(
      `[${database}] first start done; RSS ${rssIdleAfterFirstStartBytes === null ? '?' : formatBytes(rssIdleAfterFirstStartBytes)} after it`,
    );
    const templateEmail = `bench-template-${randomUUID().slice(0, 8)}@example.com`;
    const registered = await fetch(`${parlo.url}/api/users/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench template', age: 30, email: templateEmail, password: PASSWORD }),
    });
    if (!registered.ok) throw new Error(`register failed: ${registered.status} ${await registered.text()}`);
    // The template chooses the course through the API; the seeded learners start where it stands.
    // Pick, not Partial: every checkout answers a registration with its token, and the bench cannot go on without.
    const { accessToken } = (await registered.json()) as Pick<CallResponse<typeof register>, 'accessToken'>;
    await chooseBenchCourse(parlo.url, accessToken);
    await whileFirstUp(parlo);
    await parlo.stop();
    parlo = null;
    await seedLearners(databaseUrl ? { databaseUrl } : { dataDir }, SEEDED_LEARNERS, templateEmail);
    progress(`[${database}] ${SEEDED_LEARNERS} learners seeded on the course`);
    return { database, dataDir, databaseUrl, rssIdleAfterFirstStartBytes, undo };
  } catch (error) {
    await parlo?.stop();
    for (const cleanup of undo.reverse()) await cleanup();
    throw error;
  }
}

/** Starts the prepared Parlo again and measures it, endpoint by endpoint; then stops it and cleans up. */
async function measureDatabase(
  { database, dataDir, databaseUrl, rssIdleAfterFirstStartBytes, undo }: PreparedDatabase,
  hello: RunningServer,
  alsoWhileUp: (parlo: RunningServer) => Promise<void>,
): Promise<DatabaseFigures> {
  const notes: string[] = [];
  const measuring = Date.now();
  let parlo: RunningServer | null = null;
  try {
    parlo = await startParlo(appDir, dataDir, databaseUrl);
    await sleep(3000);
    const rssIdleAfterStartBytes = rssBytes(parlo.pid);
    progress(
      `[${database}] started again; RSS ${rssIdleAfterStartBytes === null ? '?' : formatBytes(rssIdleAfterStartBytes)} after start`,
    );

    const preparing = Date.now();
    const plan = await prepareLearners(parlo.url, notes);
    progress(
      `[${database}] learners on a course, lesson sequence probed in ${((Date.now() - preparing) / 1000).toFixed(0)} s`,
    );
    await alsoWhileUp(parlo);
    // What the leaderboard row measures: the day's board of the seeded learners, as a live service has one.
    const board = (await (
      await fetch(`${parlo.url}/api/leaderboard`, { headers: { authorization: `Bearer ${benchToken(1)}` } })
    ).json()) as Partial<Leaderboard>; // Partial: an older checkout (BENCH_APP_DIR) may answer less.
    notes.push(
      `leaderboard rows read a ${board.source ?? '?'} board of ${board.entries?.length ?? 0} entries (learner 1's place: ${board.me?.order ?? 'none'})`,
    );

    const bearer = (index: number) => ({
      authorization: `Bearer ${benchToken(1 + (index % (LEARNERS - 1)))}`,
    });
    const get = (pathname: string, headers: Record<string, string> = {}): LoadRequest => ({
      method: 'GET',
      path: pathname,
      headers,
    });
    const lessonIds = plan.steps.map((step) => step.lessonId);
    const completions = plan.completions();
    // What a client of one spoken language asks (ADR 025): its outline, compressed as a browser asks; then,
    // holding it, only whether it changed. The whole document (every spoken language, every text) stays as
    // a row of its own.
    const spoken = await spokenLanguagePart(parlo.url);
    notes.push(
      `catalogue rows ask for ${spoken.path} (${formatBytes(spoken.brBytes)} br, ${formatBytes(spoken.gzipBytes)} gzip); catalogue-whole for /api/languages (${formatBytes(spoken.wholeBrBytes)} br); their hello-world answers as many bytes`,
    );
    const browser = { 'accept-encoding': 'br, gzip' };
    // A large answer's baseline answers as many bytes (hello-world.ts): the row then compares the server's
    // work, not how fast this machine's client reads, and a bigger catalogue is not a slower server.
    const asManyBytes = (bytes: number) => () => get(`/bytes/${bytes}`);
    const endpoints: Array<
      [string, (index: number) => LoadRequest, ('2xx' | '3xx')?, ((index: number) => LoadRequest)?]
    > = [
      ['catalogue', () => get(spoken.path, browser), '2xx', asManyBytes(spoken.brBytes)],
      [
        'catalogue-gzip',
        () => get(spoken.path, { 'accept-encoding': 'gzip' }),
        '2xx',
        asManyBytes(spoken.gzipBytes),
      ],
      ['catalogue-304', () => get(spoken.path, { ...browser, 'if-none-match': spoken.etag }), '3xx'],
      ['catalogue-whole', () => get('/api/languages', browser), '2xx', asManyBytes(spoken.wholeBrBytes)],
      ['health', () => get('/api/health')],
      ['exercises', (i) => get(`/api/lessons/${lessonIds[i % lessonIds.length]}/exercises`, bearer(i))],
      [
        'login',
        (i) => ({
          method: 'POST',
          path: '/api/users/login',
          body: JSON.stringify({ email: benchEmail(1 + (i % (LEARNERS - 1))), password: PASSWORD }),
        }),
      ],
      ['completion', completions],
      ['overview', (i) => get('/api/learning/overview', bearer(i))],
      ['leaderboard', (i) => get('/api/leaderboard', bearer(i))],
    ];
    const figures: EndpointFigures[] = [];
    for (const [endpoint, next, served, baselineNext] of endpoints) {
      if (!measures(endpoint)) continue;
      // Warm-up (JIT, caches, connections) is not measured; then baseline and Parlo, interleaved.
      if (endpoint !== 'completion' && endpoint !== 'login')
        await closedLoop(parlo.url, next, { seconds: 1, served });
      // The baseline gets its own completion sequence, so it does not use up the learners' lessons.
      const baseline = await closedLoop(
        hello.url,
        endpoint === 'completion' ? plan.completions() : (baselineNext ?? next),
        { seconds },
      );
      const cpuBefore = cpuMs(parlo.pid);
      const measured = await closedLoop(parlo.url, next, { seconds, served });
      const cpuAfter = cpuMs(parlo.pid);
      const answered = measured.requestsPerSecond * seconds;
      const serverCpuMsPerRequest =
        cpuBefore === null || cpuAfter === null || answered === 0 ? null : (cpuAfter - cpuBefore) / answered;
      // Requests autocannon gave up on are still queued in the server: the next run starts once it is idle.
      await settle(parlo.url);
      figures.push({
        endpoint,
        requestsPerSecond: measured.requestsPerSecond,
        p50Ms: measured.p50Ms,
        p99Ms: measured.p99Ms,
        errors: measured.errors,
        baselineRequestsPerSecond: baseline.requestsPerSecond,
        serverCpuMsPerRequest,
      });
      progress(
        `[${database}] ${endpoint}: ${Math.round(measured.requestsPerSecond)} req/s (hello-world ${Math.round(baseline.requestsPerSecond)}), ${measured.errors} non-2xx, server CPU ${serverCpuMsPerRequest === null ? '?' : serverCpuMsPerRequest.toFixed(3)} ms a request`,
      );
    }
    await sleep(3000);
    const rssIdleAfterLoadBytes = rssBytes(parlo.pid);
    // Last, because a server that cannot keep up is left with a queue that would slow any later run.
    const completionOpenLoop = measures('open-loop')
      ? await openLoop(parlo.url, plan.openLoopCompletions(), {
          perSecond: completionRate,
          seconds: openLoopSeconds,
        })
      : null;
    if (completionOpenLoop)
      progress(
        `[${database}] completion open loop at ${completionRate}/s: p50 ${formatMs(completionOpenLoop.p50Ms)}, p99 ${formatMs(completionOpenLoop.p99Ms)}, ${completionOpenLoop.errors} failed or unanswered`,
      );
    return {
      database,
      endpoints: figures,
      completionOpenLoop,
      rssIdleAfterFirstStartBytes,
      rssIdleAfterStartBytes,
      rssIdleAfterLoadBytes,
      notes,
      measuredSeconds: (Date.now() - measuring) / 1000,
    };
  } finally {
    await parlo?.stop();
    for (const cleanup of undo.reverse()) await cleanup();
  }
}

/**
 * One spoken language's catalogue as a client asks for it: the first spoken language's outline (GET
 * /api/languages/{id}/outline, ADR 025: without the HTML texts), with its ETag for the revalidation row and
 * the compressed sizes for the notes. A checkout without the outline (404) is measured on what it had for one
 * spoken language: `?languageId=` (the part with its texts), or before that the whole document.
 */
async function spokenLanguagePart(baseUrl: string) {
  const br = { 'accept-encoding': 'br' };
  // Partial here and below: an older checkout (BENCH_APP_DIR) may answer less.
  const courses = (await (await fetch(`${baseUrl}/api/courses`)).json()) as Array<
    Partial<CourseList[number]>
  >;
  const languageId = courses[0]?.id ?? 1;
  let path = `/api/languages/${languageId}/outline`;
  let part = await fetch(`${baseUrl}${path}`, { headers: br });
  if (part.status === 404) {
    path = `/api/languages?languageId=${languageId}`;
    part = await fetch(`${baseUrl}${path}`, { headers: br });
  }
  const gzipped = await fetch(`${baseUrl}${path}`, { headers: { 'accept-encoding': 'gzip' } });
  const whole = await fetch(`${baseUrl}/api/languages`, { headers: br });
  const bytes = async (response: Response) =>
    Number(response.headers.get('content-length') ?? (await response.arrayBuffer()).byteLength);
  return {
    path,
    etag: part.headers.get('etag') ?? '',
    brBytes: await bytes(part),
    gzipBytes: await bytes(gzipped),
    wholeBrBytes: await bytes(whole),
  };
}

interface CompletionStep {
  lessonId: number;
  attempts: Array<{ exerciseId: number; answer: Record<string, unknown> }>;
}

/**
 * Every bench learner is on the same bundled course at 'beginning' (seeded so); a probe learner plays the first
 * lessons the way the player does (next lesson from the overview, right answers), which gives the lesson
 * sequence every other learner will play during the completion runs.
 */
async function prepareLearners(baseUrl: string, notes: string[]) {
  const course = await benchCourse(baseUrl);
  const catalogueLessons = (course.program.topics ?? []).flatMap((topic) =>
    (topic.lessons ?? []).map((lesson) => lesson.id),
  );

  const call = async (learner: number, method: string, pathname: string, body?: object, tries = 3) => {
    const response = await fetch(`${baseUrl}${pathname}`, {
      method,
      headers: {
        authorization: `Bearer ${benchToken(learner)}`,
        'x-forwarded-for': `10.200.${learner >> 8}.${learner & 255}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    }).catch((error: unknown) => {
      // A busy shared machine can drop a connection; the setup is not measured, so it tries again.
      if (tries > 1) return null;
      throw error;
    });
    if (response === null) return call(learner, method, pathname, body, tries - 1);
    if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${await response.text()}`);
    return response.status === 204 ? null : ((await response.json()) as unknown);
  };
  const steps: CompletionStep[] = [];
  let right = 0;
  let total = 0;
  let fallback = 0;
  for (let step = 0; step < 15; step += 1) {
    const overview = (await call(0, 'GET', '/api/learning/overview')) as Partial<Overview> | null;
    let lessonId = overview?.program?.currentLessonId ?? null;
    if (lessonId === null) {
      fallback += 1;
      lessonId = catalogueLessons[step] ?? null;
    }
    if (lessonId === null) break;
    const exercises = (await call(0, 'GET', `/api/lessons/${lessonId}/exercises`)) as Exercise[] &
      Array<{ id: number }>;
    const attempts = exercises.map((exercise) => ({
      exerciseId: exercise.id,
      answer: rightAnswer(exercise),
    }));
    total += attempts.length;
    right += attempts.filter((attempt) => !('cannotTalk' in attempt.answer)).length;
    // Where the course needs more than lessons (a blitz to pass), the sequence ends; later completions repeat.
    const completed = await call(0, 'POST', `/api/lessons/${lessonId}/complete?secret=${BENCH_SECRET}`, {
      idempotencyKey: randomUUID(),
      attempts,
    }).then(
      () => true,
      () => false,
    );
    if (!completed) break;
    steps.push({ lessonId, attempts });
  }
  if (steps.length === 0) throw new Error('the probe learner found no lesson to play');
  notes.push(
    `completions play ${steps.length} lessons in order (${right}/${total} exercises answered right${fallback ? `, ${fallback} from catalogue order` : ''})`,
  );

  const completion = (learner: number, step: CompletionStep): LoadRequest => ({
    method: 'POST',
    path: `/api/lessons/${step.lessonId}/complete?secret=${BENCH_SECRET}`,
    headers: { authorization: `Bearer ${benchToken(learner)}` },
    body: JSON.stringify({ idempotencyKey: randomUUID(), attempts: step.attempts }),
  });
  // Closed loop: a learner waiting for its answer is never lent again, so each plays its lessons in order
  // (steps[k] for its k-th completion; after the last, the last again, which is a repeat).
  const completions = () => {
    const free = Array.from({ length: COMPLETION_LEARNERS }, (_, offset) => LEARNERS + offset);
    const played = new Map<number, number>();
    return (): LoadRequest => {
      const learner = free.shift();
      // More connections than learners cannot happen with these numbers; a lost answer loses a learner.
      if (learner === undefined) throw new Error('every completion learner is busy');
      const count = played.get(learner) ?? 0;
      played.set(learner, count + 1);
      return {
        ...completion(learner, steps[Math.min(count, steps.length - 1)] ?? steps[0]!),
        answered: () => free.push(learner),
      };
    };
  };
  // Open loop: requests are sent whatever happened to earlier ones, so every learner plays once.
  const openLoopCompletions = () => (index: number) =>
    completion(LEARNERS + COMPLETION_LEARNERS + (index % OPEN_LOOP_LEARNERS), steps[0]!);
  return { steps, completions, openLoopCompletions };
}

/** The first bundled course with lessons, from the catalogue. */
async function benchCourse(baseUrl: string) {
  const catalogue = (await (await fetch(`${baseUrl}/api/languages`)).json()) as Array<
    Partial<CatalogueLanguage>
  >;
  const course = catalogue
    .flatMap((language) => language.packages ?? [])
    .flatMap((coursePackage) =>
      (coursePackage.programs ?? []).map((program) => ({ packageId: coursePackage.id, program })),
    )
    .find(({ program }) => (program.topics ?? []).some((topic) => (topic.lessons ?? []).length > 0));
  if (!course) throw new Error('no bundled course with lessons: was the content built?');
  return course;
}

/** The template account chooses the bench course at 'beginning', as the onboarding does. */
async function chooseBenchCourse(baseUrl: string, accessToken: string): Promise<void> {
  const course = await benchCourse(baseUrl);
  for (const [pathname, body] of [
    ['/api/learning/course', { packageId: course.packageId, programId: course.program.id }],
    ['/api/learning/level', { programId: course.program.id, level: 'beginning' }],
  ] as const) {
    const response = await fetch(`${baseUrl}${pathname}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
  }
}

/** Waits (at most 20 s) until the server answers its health check within 250 ms again. */
async function settle(baseUrl: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const started = Date.now();
    const answered = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(5_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (answered && Date.now() - started < 250) return;
    await sleep(250);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

main()
  .catch((error: unknown) => {
    process.stderr.write(
      `bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  })
  .finally(async () => {
    stopAll();
    await cleanUpAll();
  });
