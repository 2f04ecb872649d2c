import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../tests/helper.ts';
import {
  freePort,
  sleep,
  startServerProcess,
  waitUntilHealthy,
  type ServerProcess,
} from './server-process.ts';

/*
 * PostgreSQL terminates the app's connections (pg_terminate_backend, as a restart or failover does) while
 * requests stream in: they answer 200 or 503 DATABASE_UNAVAILABLE, never anything else; the process never
 * exits; it answers normally again within 5 s of each cut, without a restart.
 */
const ROUNDS = 5;
const CLIENTS = 8;

let server: ServerProcess | null = null;
let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | null = null;
afterAll(async () => {
  server?.child.kill('SIGKILL');
  await server?.exited;
  await scratch?.drop();
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'PostgreSQL terminates the app’s connections under load',
  () => {
    it(`answers 503 meanwhile, never exits, and recovers within 5 s (${ROUNDS} rounds)`, async () => {
      scratch = await createScratchDatabase();
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      server = startServerProcess(port, { DATABASE_URL: scratch.url, DATA_DIR: '/tmp/parlo-pg-fault' });
      await waitUntilHealthy(port);
      let exitedEarly = false;
      void server.exited.then(() => (exitedEarly = true));

      const registered = await fetch(`${base}/api/users/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Fault', age: 30, email: 'fault@example.com', password: 'fault test' }),
      });
      const { accessToken } = (await registered.json()) as { accessToken: string };
      const headers = { authorization: `Bearer ${accessToken}` };

      const statuses = new Map<number, number>();
      const unexpected: string[] = [];
      let stopping = false;
      const client = async (index: number) => {
        const paths = ['/api/users/me', '/api/learning/overview', '/api/leaderboard', '/api/health'];
        for (let n = index; !stopping; n += 1) {
          const path = paths[n % paths.length] ?? '/api/health';
          const response = await fetch(`${base}${path}`, { headers, signal: AbortSignal.timeout(10_000) });
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          const body = await response.text();
          const expected =
            response.status === 200 ||
            (response.status === 503 && (path === '/api/health' || body.includes('DATABASE_UNAVAILABLE')));
          if (!expected) unexpected.push(`${response.status} ${path} ${body.slice(0, 200)}`);
        }
      };
      const clients = Array.from({ length: CLIENTS }, (_, index) => client(index));

      const admin = new pg.Client({ connectionString: scratch.url });
      await admin.connect();
      const recoveries: number[] = [];
      let terminated = 0;
      for (let round = 0; round < ROUNDS; round += 1) {
        await sleep(500);
        const { rows } = await admin.query<{ n: number }>(
          `select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()) cut`,
        );
        terminated += rows[0]?.n ?? 0;
        const cutAt = Date.now();
        for (;;) {
          const [health, me] = await Promise.all([
            fetch(`${base}/api/health`),
            fetch(`${base}/api/users/me`, { headers }),
          ]);
          if (health.status === 200 && me.status === 200) break;
          expect(Date.now() - cutAt).toBeLessThan(5_000);
          await sleep(20);
        }
        recoveries.push(Date.now() - cutAt);
      }
      stopping = true;
      await Promise.all(clients);
      await admin.end();

      expect(unexpected).toEqual([]);
      expect(exitedEarly).toBe(false);
      expect(server.child.exitCode).toBeNull();
      expect(terminated).toBeGreaterThan(0);
      expect(Math.max(...recoveries)).toBeLessThanOrEqual(5_000);
      const counts = [...statuses.entries()].map(([status, count]) => `${status}: ${count}`).join(', ');
      process.stdout.write(
        `connection faults: ${ROUNDS} rounds, ${terminated} connections terminated; responses ${counts}; ` +
          `recovered in ${recoveries.join(', ')} ms (max ${Math.max(...recoveries)} ms); process never exited\n`,
      );
    });
  },
);
