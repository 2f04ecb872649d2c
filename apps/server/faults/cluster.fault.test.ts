import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { seedTestCourse } from '../tests/factories/course.factory.ts';
import { rightAttempts } from '../tests/factories/learning-driver.ts';
import { createScratchDatabase } from '../tests/helper.ts';
import { startPushService } from '../tests/support/push-service.ts';
import {
  freePort,
  sleep,
  startServerProcess,
  waitUntilHealthy,
  type ServerProcess,
} from './server-process.ts';

/*
 * Issue 30, "one truth across instances": three real server processes on one fresh PostgreSQL database,
 * started together, behind a round-robin proxy (as a load balancer would be), all on 127.0.0.1. A learner
 * signs up, gets exactly one reminder (pushed through web-push-testing, a push service that checks the
 * VAPID signature against the key the device subscribed with), plays and completes lessons across the
 * instances, and logs out on one: the token is refused on every instance at once.
 */
const INSTANCES = 3;
const SECRET = 'cluster-test-secret-access';
const REMINDERS_JOB = 'send-reminders';

const servers: ServerProcess[] = [];
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const server of servers) server.child.kill('SIGKILL');
  await Promise.all(servers.map((server) => server.exited));
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Sends each request to the next instance in turn and says which one answered (`x-instance`). */
async function roundRobinProxy(ports: number[]) {
  let next = 0;
  const server = http.createServer((request, response) => {
    const instance = next % ports.length;
    next += 1;
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: ports[instance],
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-instance': String(instance) });
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.writeHead(502).end());
    request.pipe(upstream);
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Answer<T> {
  status: number;
  body: T;
  instance: number;
}

function client(base: string) {
  return async <T = unknown>(
    method: string,
    url: string,
    options: { token?: string; body?: unknown } = {},
  ): Promise<Answer<T>> => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : null) as T,
      instance: Number(response.headers.get('x-instance') ?? -1),
    };
  };
}

const log = (line: string) => process.stdout.write(`[cluster] ${line}\n`);

describe.skipIf(!process.env.TEST_DATABASE_URL)('three instances on one PostgreSQL', () => {
  it('sign-up, one reminder, lessons and logout across the instances agree', async () => {
    const scratch = await createScratchDatabase();
    cleanups.push(() => scratch.drop());
    const seeding = await openDatabase({ kind: 'postgres', url: scratch.url }, () => {});
    const course = await seedTestCourse(seeding.db);
    await seeding.close();
    const pushService = await startPushService();
    cleanups.push(() => pushService.close());
    const admin = new pg.Client({ connectionString: scratch.url });
    await admin.connect();
    cleanups.push(() => admin.end());

    // Started together on a database with no VAPID pair, no pg-boss schema, nothing imported.
    const ports: number[] = [];
    for (let index = 0; index < INSTANCES; index += 1) ports.push(await freePort());
    for (const port of ports) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlo-cluster-'));
      cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      servers.push(
        startServerProcess(port, {
          DATABASE_URL: scratch.url,
          DATA_DIR: dataDir,
          SCHEDULED_JOBS: 'true',
          SECRET_ACCESS_KEY: SECRET,
          // The push service is web-push-testing on 127.0.0.1, which a real server refuses (issue 30).
          PUSH_ENDPOINTS_ANY_ADDRESS: 'true',
        }),
      );
    }
    const startMs = await Promise.all(
      ports.map((port, index) =>
        waitUntilHealthy(port, 180_000).catch((error: unknown) => {
          const server = servers[index]!;
          throw new Error(
            `${String(error)}; exit ${server.child.exitCode ?? server.child.signalCode}; stderr: ${server.stderr()}`,
          );
        }),
      ),
    );
    log(`${INSTANCES} instances healthy on ports ${ports.join(', ')} after ${startMs.join(' / ')} ms`);
    const proxy = await roundRobinProxy(ports);
    cleanups.push(() => proxy.close());
    const api = client(proxy.base);
    const direct = ports.map((port) => client(`http://127.0.0.1:${port}`));

    // Sign-up through the balancer; a reminder for the coming minute (UTC), every day.
    const email = `cluster.${randomUUID().slice(0, 8)}@example.com`;
    const signUp = await api<{ accessToken: string; user: { id: string } }>('POST', '/api/users/register', {
      body: { name: 'Cluster Learner', age: 30, email, password: 'one truth', timeZone: 'UTC' },
    });
    expect(signUp.status).toBe(200);
    const token = signUp.body.accessToken;
    const me = await api<{ settings: { id: number } }>('GET', `/api/users/${signUp.body.user.id}`, { token });
    expect(me.status).toBe(200);
    const now = new Date();
    const nextMinute = (now.getUTCHours() * 60 + now.getUTCMinutes() + 1) % (24 * 60);
    const settings = await api('POST', `/api/settings/${me.body.settings.id}/replace`, {
      token,
      body: {
        timeZone: 'UTC',
        notificationTime: nextMinute,
        notificationDays: [true, true, true, true, true, true, true],
        motivationNotification: false,
      },
    });
    expect(settings.status).toBe(200);

    // One key pair: every instance offers the same public key, and the device subscribes with it.
    const keys = await Promise.all(
      direct.map((instance) => instance<{ publicKey: string }>('GET', '/api/push/public-key', { token })),
    );
    const publicKeys = new Set(keys.map((key) => key.body.publicKey));
    expect(publicKeys.size).toBe(1);
    log(`every instance signs with public key ${[...publicKeys][0]!.slice(0, 16)}…`);
    const device = await pushService.subscribe(keys[0]!.body.publicKey);
    const saved = await api('POST', '/api/push/subscriptions', {
      token,
      body: { endpoint: device.endpoint, keys: device.keys },
    });
    expect(saved.status).toBe(204);

    // pg-boss hands each minute's reminders run to one instance; the reminder arrives once, verified by the
    // push service against the key above. Then another run must pass and send nothing more.
    let messages: string[] = [];
    const waitUntil = Date.now() + 180_000;
    while (messages.length === 0 && Date.now() < waitUntil) {
      await sleep(500);
      messages = await pushService.messages(device.clientHash);
    }
    expect(messages).toHaveLength(1);
    const deliveredAt = new Date();
    const laterRuns = async () =>
      (
        await admin.query<{ n: number }>(
          `select count(*)::int as n from pgboss.job
           where name = $1 and state = 'completed' and started_on > $2`,
          [REMINDERS_JOB, deliveredAt],
        )
      ).rows[0]?.n ?? 0;
    const runsUntil = Date.now() + 180_000;
    while ((await laterRuns()) === 0 && Date.now() < runsUntil) await sleep(1_000);
    expect(await laterRuns()).toBeGreaterThan(0);
    messages = await pushService.messages(device.clientHash);
    expect(messages).toHaveLength(1);
    const bell = await Promise.all(
      direct.map((instance) => instance<{ total: number }>('GET', '/api/notifications', { token })),
    );
    expect(bell.map((answer) => answer.body.total)).toEqual([1, 1, 1]);
    log(`one reminder pushed and verified: ${messages[0]}; the bell shows 1 on every instance`);

    // Plays and completes lessons, each request to the next instance.
    expect(
      (
        await api('POST', '/api/learning/course', {
          token,
          body: { packageId: course.packageId, programId: course.programId },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api('POST', '/api/learning/level', {
          token,
          body: { programId: course.programId, level: 'beginning' },
        })
      ).status,
    ).toBe(200);
    const played = [course.topics[0]!.lessons[1]!, course.topics[0]!.lessons[2]!];
    const completedOn = new Set<number>();
    let rightAnswers = 0;
    for (let round = 0; round < 3; round += 1) {
      for (const lesson of played) {
        const started = await api('POST', `/api/lessons/${lesson.id}/start?secret=${SECRET}`, {
          token,
          body: {},
        });
        expect(started.status).toBe(200);
        const completed = await api<{
          committed: boolean;
          rightAnswers: number;
          statistics: { rightAnswers: number };
        }>('POST', `/api/lessons/${lesson.id}/complete?secret=${SECRET}`, {
          token,
          body: { idempotencyKey: randomUUID(), attempts: rightAttempts(lesson.exercises) },
        });
        expect(completed.status).toBe(200);
        // The first play of a lesson counts, on top of what the other instances counted; a repeat, on
        // whichever instance, is recognised as one and counts nothing.
        expect(completed.body.committed).toBe(round === 0);
        if (round === 0) rightAnswers += completed.body.rightAnswers;
        expect(completed.body.statistics.rightAnswers).toBe(rightAnswers);
        completedOn.add(completed.instance);
      }
    }
    expect(completedOn.size).toBe(INSTANCES);
    log(
      `6 lessons completed on instances ${[...completedOn].sort().join(', ')}; ${rightAnswers} right answers`,
    );

    // Every instance holds the session now (read within the last seconds)…
    for (const instance of direct)
      expect((await instance('GET', '/api/users/me', { token })).status).toBe(200);
    // …and after a logout on one of them, none accepts it: no waiting for a hold to run out.
    const logout = await api('POST', '/api/users/logout', { token });
    expect(logout.status).toBe(204);
    const after = await Promise.all(direct.map((instance) => instance('GET', '/api/users/me', { token })));
    expect(after.map((answer) => answer.status)).toEqual([401, 401, 401]);
    log(
      `logged out on instance ${logout.instance}; /api/users/me then answered ${after.map((a) => a.status).join(', ')}`,
    );

    for (const server of servers) expect(server.child.exitCode).toBeNull();
  }, 600_000);
});
