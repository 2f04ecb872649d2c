import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * Learners for the signed-in runs, written straight into the database while Parlo is stopped: one account
 * registered through the API gives a real password hash that every bench learner shares, so seeding
 * thousands of learners costs one argon2 hash, not thousands. Each learner gets the rows registration
 * creates (statistics, settings, learning progress) and a session whose token is known:
 * `bench-token-<email>`. The template account chose its course and level through the API first; every
 * learner starts where it stands (the same course, level and progress, as those two calls would give it),
 * so the runs need not make two calls per learner before they start.
 */
export const benchEmail = (index: number) => `bench-${index}@example.com`;
export const benchToken = (index: number) => `bench-token-${benchEmail(index)}`;

const seedSql = (count: number, templateEmail: string) => `
  with template as (
    select u.password_hash, u.skill_level, u.learned_package_id, u.spoken_language_id, p.selected
    from users u join learning_progress p on p.user_id = u.id
    where u.email = '${templateEmail.replaceAll("'", "''")}'
  ), created as (
    insert into users (name, age, email, password_hash, skill_level, learned_package_id, spoken_language_id)
    select 'Bench learner ' || g, 30, 'bench-' || g || '@example.com', t.password_hash, t.skill_level,
      t.learned_package_id, t.spoken_language_id
    from generate_series(0, ${count - 1}) as g, template as t
    returning id, email
  ), with_statistics as (
    -- Points of earlier days (ties included), so the day's board has 100 entries as a live service's has.
    insert into statistics (user_id, points)
    select id, 1 + (substring(email from '[0-9]+')::int * 37) % 900 from created returning user_id
  ), with_settings as (
    insert into settings (user_id) select id from created returning user_id
  ), with_progress as (
    insert into learning_progress (user_id, selected)
    select id, (select selected from template) from created returning user_id
  )
  insert into sessions (user_id, token_hash, expires_at)
  select id, encode(sha256(convert_to('bench-token-' || email, 'UTF8')), 'hex'), now() + interval '30 days'
  from created
  where (select count(*) from with_statistics) >= 0 and (select count(*) from with_settings) >= 0
    and (select count(*) from with_progress) >= 0`;

/**
 * The first start wrote the day's board before these learners existed (ADR 023: there is always a board of
 * the day); forgetting it lets the measured start write the board of the seeded learners, as a real day's
 * board is, instead of an empty one.
 */
const forgetFirstBoardSql = `
  delete from leaderboard_entries;
  delete from leaderboard_places;
  delete from scheduled_job_runs where job = 'leaderboard-snapshot';`;

export async function seedLearners(
  target: { dataDir: string } | { databaseUrl: string },
  count: number,
  templateEmail: string,
): Promise<void> {
  const statement = seedSql(count, templateEmail);
  if ('databaseUrl' in target) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      await client.query(statement);
      await client.query(forgetFirstBoardSql);
    } finally {
      await client.end();
    }
    return;
  }
  const database = new PGlite(path.join(target.dataDir, 'pglite'));
  try {
    await database.exec(statement);
    await database.exec(forgetFirstBoardSql);
  } finally {
    await database.close();
  }
}

/** A scratch database on the PostgreSQL of `BENCH_DATABASE_URL`, dropped by the returned function. */
export async function createScratchDatabase(
  adminUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `parlo_bench_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
