import { createECDH, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getUser, requestPasswordReset } from '@parlo/contract/accounts';
import { loadEnv } from '../src/env.ts';
import { startScheduler } from '../src/jobs/scheduler.ts';
import { PRUNE_JOB, pruneExpiredRows } from '../src/jobs/prune.job.ts';
import { createTestApp, registerLearner, testDatabaseKind, type TestApp } from './helper.ts';
import { injectCall } from './support/inject-call.ts';

const TOKEN = 'metrics-token-for-the-tests';

describe(`GET /metrics without METRICS_TOKEN (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 404 as an unknown address, with or without a token', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
  });
});

describe(`GET /metrics with METRICS_TOKEN (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t.close());

  const scrape = (authorization?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: authorization === undefined ? {} : { authorization },
    });

  it('refuses a scrape without the token or with a wrong one (401)', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-of-some-length', `Basic ${TOKEN}`, TOKEN]) {
      const response = await scrape(authorization);
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
      expect(response.body).not.toContain('parlo_');
    }
  });

  it('counts requests per route pattern, jobs, mails, pushes, the event loop and the database', async () => {
    const learner = await registerLearner(t.app);
    for (let i = 0; i < 3; i += 1) {
      const me = await injectCall(t.app, getUser, {
        params: { id: learner.userId },
        headers: { authorization: `Bearer ${learner.token}` },
      });
      expect(me.statusCode).toBe(200);
    }
    // A literal URL on purpose: an unknown route.
    expect((await t.app.inject({ method: 'GET', url: '/api/no-such-thing/123' })).statusCode).toBe(404);
    // Mails: the sign-up's confirmation link (and a reset link, where the address may receive one).
    const reset = await injectCall(t.app, requestPasswordReset, { body: { email: learner.email } });
    expect(reset.statusCode).toBe(204);
    expect(t.mails.length).toBeGreaterThan(0);
    // A push to a device whose push service is not there: a failed send.
    const device = createECDH('prime256v1');
    device.generateKeys();
    const target = {
      endpoint: 'http://127.0.0.1:9/push/gone-away',
      keys: {
        p256dh: device.getPublicKey().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      },
    };
    await expect(t.push.send(target, '{}')).rejects.toThrow();
    // Scheduled jobs: one that runs and one that fails.
    const scheduler = await startScheduler({
      db: t.database.db,
      now: () => t.clock.now,
      log: pino({ level: 'silent' }),
      metrics: t.metrics,
      onlyJobs: [
        { name: PRUNE_JOB, run: pruneExpiredRows },
        {
          name: 'always-fails',
          run: async () => {
            throw new Error('the job broke');
          },
        },
      ],
    });
    await scheduler.tick();
    await scheduler.stop();

    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    const sample = (name: string) => {
      const line = text.split('\n').find((candidate) => candidate.startsWith(`${name} `));
      return line === undefined ? undefined : Number(line.slice(name.length + 1));
    };
    expect(sample('parlo_http_requests_total{method="GET",route="/api/users/:id",status="200"}')).toBe(3);
    expect(text).not.toContain(learner.userId);
    expect(sample('parlo_http_requests_total{method="POST",route="/api/users/register",status="200"}')).toBe(
      1,
    );
    expect(sample('parlo_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
    expect(sample('parlo_http_request_duration_seconds_count{method="GET",route="/api/users/:id"}')).toBe(3);
    expect(sample('parlo_mail_sends_total{result="sent"}')).toBe(t.mails.length);
    expect(sample('parlo_push_sends_total{result="failed"}')).toBe(1);
    expect(sample(`parlo_job_runs_total{job="always-fails",outcome="failed"}`)).toBe(1);
    expect(sample(`parlo_job_runs_total{job="${PRUNE_JOB}",outcome="ran"}`)).toBe(1);
    expect(sample(`parlo_job_duration_seconds_count{job="${PRUNE_JOB}"}`)).toBe(1);
    expect(sample('nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample('nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    // Nothing runs a statement while the scrape is answered; PGlite has its one connection, PostgreSQL its pool.
    expect(sample('parlo_db_connections_in_use')).toBe(0);
    expect(sample('parlo_db_connections_idle')).toBeGreaterThanOrEqual(1);
    expect(sample('parlo_db_waiting')).toBe(0);
  });

  it('shows the statements in flight on the database series', async () => {
    const { db } = t.database;
    let other: Promise<unknown> = Promise.resolve();
    const value = (series: string, name: string) =>
      Number(series.match(new RegExp(`^${name} (\\S+)$`, 'm'))?.[1]);
    // A transaction holds the database while another statement is asked for: read the series in between,
    // until they show the other statement (it takes a moment to reach the pool or PGlite's queue).
    await db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      other = Promise.resolve(db.execute(sql`select pg_sleep(0.3)`));
      await vi.waitFor(
        async () => {
          const during = await t.metrics!.registry.metrics();
          // PGlite has one connection: the transaction's, and the other statement waits for it. The
          // PostgreSQL pool gives the other statement a connection of its own.
          expect([value(during, 'parlo_db_connections_in_use'), value(during, 'parlo_db_waiting')]).toEqual(
            testDatabaseKind === 'pglite' ? [1, 1] : [2, 0],
          );
        },
        { timeout: 10_000, interval: 10 },
      );
    });
    await other;
    const after = await t.metrics!.registry.metrics();
    expect(after).toMatch(/^parlo_db_waiting 0$/m);
  });
});

describe('METRICS_TOKEN', () => {
  it('must be at least 16 characters', () => {
    expect(() => loadEnv({ METRICS_TOKEN: 'too-short' })).toThrow(/METRICS_TOKEN/);
    expect(loadEnv({ METRICS_TOKEN: TOKEN }).METRICS_TOKEN).toBe(TOKEN);
  });
});
