import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login as loginCall, me as meCall } from '@parlo/contract/accounts';
import { health as healthCall } from '@parlo/contract/health';
import { isDatabaseUnavailable } from '../src/db/faults.ts';
import { createTestApp, errorCode, registerLearner, testDatabaseKind, type TestApp } from './helper.ts';
import { injectCall } from './support/inject-call.ts';
import { startTcpProxy } from './support/tcp-proxy.ts';

/*
 * PostgreSQL going away (restart, failover, pg_terminate_backend, network): every request in flight
 * answers 503 DATABASE_UNAVAILABLE, /api/health answers 503, nothing crashes, and the pool reconnects by
 * itself. PGlite lives inside the process and cannot lose its connection, so this runs on PostgreSQL only.
 */
describe.skipIf(testDatabaseKind !== 'postgres')('the database goes away and comes back', () => {
  let t: TestApp;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let admin: pg.Client;

  beforeAll(async () => {
    const target = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432');
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    t = await createTestApp({ connectVia: (url) => proxy.via(url) });
    admin = new pg.Client({ connectionString: t.databaseUrl ?? '' });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await proxy.restore().catch(() => {});
    await t.close();
    await proxy.close();
  });

  const health = () => injectCall(t.app, healthCall);

  async function untilHealthy(timeoutMs: number) {
    const started = Date.now();
    while (Date.now() - started < timeoutMs) {
      if ((await health()).statusCode === 200) return Date.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`not healthy after ${timeoutMs} ms`);
  }

  it('answers 503 while PostgreSQL is unreachable and recovers without a restart', async () => {
    const learner = await registerLearner(t.app);
    await proxy.cut();

    const down = await health();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'degraded', database: 'down' });
    // With a session the lookup fails first: still a 503, in the one error shape.
    const signedIn = await injectCall(t.app, healthCall, { headers: learner.headers });
    expect(signedIn.statusCode).toBe(503);
    expect(errorCode(signedIn)).toBe('DATABASE_UNAVAILABLE');
    const me = await injectCall(t.app, meCall, { headers: learner.headers });
    expect(me.statusCode).toBe(503);
    expect(errorCode(me)).toBe('DATABASE_UNAVAILABLE');
    expect(me.headers['retry-after']).toBe('5');
    const login = await injectCall(t.app, loginCall, {
      body: { email: learner.email, password: learner.password },
    });
    expect(login.statusCode).toBe(503);
    expect(errorCode(login)).toBe('DATABASE_UNAVAILABLE');

    await proxy.restore();
    const recoveredInMs = await untilHealthy(5_000);
    const again = await injectCall(t.app, meCall, { headers: learner.headers });
    expect(again.statusCode).toBe(200);
    process.stdout.write(`database back: healthy again after ${recoveredInMs} ms\n`);
  });

  it('answers 503 to a request whose connection is terminated mid-query, and the next one succeeds', async () => {
    const learner = await registerLearner(t.app);
    // Hold a lock the request needs, so it is certainly waiting inside PostgreSQL when we cut it off.
    await admin.query('begin');
    await admin.query('lock table sessions in access exclusive mode');
    const pending = injectCall(t.app, meCall, { headers: learner.headers });
    let waiting = 0;
    for (let attempt = 0; attempt < 100 && waiting === 0; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const { rows } = await admin.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
      );
      waiting = rows[0]?.n ?? 0;
    }
    expect(waiting).toBeGreaterThan(0);
    const { rows } = await admin.query<{ n: number }>(
      `select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()) terminated`,
    );
    expect(rows[0]?.n).toBeGreaterThan(0);
    await admin.query('rollback');

    const cutOff = await pending;
    expect(cutOff.statusCode).toBe(503);
    expect(errorCode(cutOff)).toBe('DATABASE_UNAVAILABLE');
    // Idle connections were terminated too; the pool drops each as it hears of it and opens new ones.
    const recoveredInMs = await untilHealthy(5_000);
    const next = await injectCall(t.app, meCall, { headers: learner.headers });
    expect(next.statusCode).toBe(200);
    process.stdout.write(`connections terminated: healthy again after ${recoveredInMs} ms\n`);
  });
});

describe('which errors mean the database is away', () => {
  it('recognises driver and server codes through the ORM wrapper, and nothing else', () => {
    const wrapped = (cause: Error) => Object.assign(new Error('Failed query: select 1'), { cause });
    const terminated = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    expect(isDatabaseUnavailable(wrapped(terminated))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('timeout exceeded when trying to connect')))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('dup'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});
