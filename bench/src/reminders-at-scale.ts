import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { sendDueReminders } from '../../apps/server/src/jobs/reminders.job.ts';

/** A line on the terminal (the bench reports; the lint keeps console out of code). */
const say = (text: string) => void process.stdout.write(`${text}\n`);

/** Issue 30 item 18: one minute's reminders sweep at a million learners. */
const LEARNERS = 1_000_000;
const MINUTES = 5;
const MINUTE_MS = 60_000;
/** Zones with and without DST, east and west, whole and part hours. */
const ZONES = [
  'UTC',
  'Europe/London',
  'Europe/Berlin',
  'Europe/Moscow',
  'America/New_York',
  'America/Los_Angeles',
  'America/Sao_Paulo',
  'Asia/Tokyo',
  'Asia/Kolkata',
  'Asia/Shanghai',
  'Australia/Sydney',
  'Asia/Kathmandu',
];

export interface RemindersAtScale {
  learners: number;
  /** Each measured minute: learners read, reminders sent, the sweep's time. */
  minutes: Array<{ minute: string; lookedAt: number; sent: number; ms: number }>;
  sweepP50Ms: number;
  sweepMaxMs: number;
}

/**
 * In a scratch database on the server of `databaseUrl` (created here and dropped again): migrate, seed a
 * million learners with reminder times spread over the day, a dozen zones, random days and training
 * (a third trained today, a third yesterday with a streak), each with the next minute the job would have
 * stored for them; then run the real reminders job for the next few minutes, one sweep per minute, and
 * time each sweep (reading the due learners, the claims, the bell's notifications, the next minutes).
 */
export async function remindersAtScale(databaseUrl: string): Promise<RemindersAtScale> {
  const name = `parlo_bench_reminders_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() }, () => {});
  try {
    const { db } = database;
    const first = new Date(Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS + MINUTE_MS);
    const seeded = performance.now();
    await db.execute(sql`
      insert into users (name, age, email, created_at)
      select 'Learner ' || n, 30, 'learner' || n || '@bench.parlo.local', now() - interval '30 days'
      from generate_series(1, ${LEARNERS}) n`);
    await db.execute(sql`
      insert into statistics (user_id, timestamp, days_continuous)
      select id,
        case when r < 0.33 then extract(epoch from ${first}::timestamptz)::int - floor(random() * 43200)::int
             when r < 0.67 then extract(epoch from ${first}::timestamptz)::int - 86400 - floor(random() * 43200)::int
             else 0 end,
        case when r < 0.67 then 1 + floor(random() * 30)::int else 0 end
      from (select id, random() as r from users) picked`);
    await db.execute(sql`
      insert into settings (user_id, time_zone, notification_time, notification_days, motivation_notification)
      select id, (${`{${ZONES.join(',')}}`}::text[])[1 + floor(random() * ${ZONES.length})::int], floor(random() * 1440)::int,
        array[random() < 0.8, random() < 0.8, random() < 0.8, random() < 0.8, random() < 0.8, random() < 0.5, random() < 0.5],
        random() < 0.5
      from users`);
    // The minute the job would have stored after looking at each learner: their chosen local time today,
    // or tomorrow when today's has gone by before the first measured minute (PostgreSQL's zone rules).
    await db.execute(sql`
      update settings set reminder_due_at = case when today >= ${first}::timestamptz then today else tomorrow end
      from (
        select user_id as id,
          (date_trunc('day', ${first}::timestamptz at time zone time_zone) + make_interval(mins => notification_time)) at time zone time_zone as today,
          (date_trunc('day', ${first}::timestamptz at time zone time_zone) + interval '1 day' + make_interval(mins => notification_time)) at time zone time_zone as tomorrow
        from settings) due
      where settings.user_id = due.id`);
    await db.execute(sql`vacuum analyze`);
    say(`reminders at 1 M: seeded in ${Math.round((performance.now() - seeded) / 1000)} s`);

    const sweeps: Array<{ lookedAt: number; sent: number }> = [];
    const log = pino(
      { level: 'debug' },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          const line = JSON.parse(chunk.toString()) as { msg: string; lookedAt: number; sent: number };
          if (line.msg === 'reminders sweep') sweeps.push({ lookedAt: line.lookedAt, sent: line.sent });
          done();
        },
      }),
    );
    if (process.env.BENCH_VERBOSE) {
      const plan = (await db.execute(sql`
        explain (analyze, buffers) select settings.user_id from settings
        join statistics on statistics.user_id = settings.user_id join users on users.id = settings.user_id
        where settings.reminder_due_at is null or settings.reminder_due_at <= ${first}`)) as unknown as {
        rows: Array<{ 'QUERY PLAN': string }>;
      };
      say(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
    }
    const minutes: RemindersAtScale['minutes'] = [];
    for (let minute = 0; minute < MINUTES; minute += 1) {
      const now = new Date(first.getTime() + minute * MINUTE_MS);
      const started = performance.now();
      await sendDueReminders(db, now, { log });
      const ms = Number((performance.now() - started).toFixed(1));
      const sweep = sweeps.at(-1) ?? { lookedAt: 0, sent: 0 };
      minutes.push({ minute: now.toISOString(), ...sweep, ms });
      say(
        `reminders sweep of ${now.toISOString()}: ${sweep.lookedAt} learners read, ${sweep.sent} sent, ${ms} ms`,
      );
    }
    const times = minutes.map((entry) => entry.ms).sort((a, b) => a - b);
    return {
      learners: LEARNERS,
      minutes,
      sweepP50Ms: times[Math.floor(times.length / 2)] ?? 0,
      sweepMaxMs: times.at(-1) ?? 0,
    };
  } finally {
    await database.close();
    const cleanup = new pg.Client({ connectionString: databaseUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  }
}

// `node --import tsx bench/src/reminders-at-scale.ts [url]` runs it alone.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const target =
    process.argv[2] ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  say(JSON.stringify(await remindersAtScale(target)));
}
