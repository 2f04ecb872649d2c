import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import { learningEvents, lessonCompletions } from '../src/db/schema.ts';
import { seedTestCourse } from '../tests/factories/course.factory.ts';
import { rightAttempts } from '../tests/factories/learning-driver.ts';
import {
  freePort,
  sleep,
  startServerProcess,
  waitUntilHealthy,
  type ServerProcess,
} from './server-process.ts';

/*
 * kill -9 during a stream of lesson completions, again and again. Each learner's client behaves like the
 * player: one idempotency key per completion, resent (after a crash, to the restarted server) until it is
 * acknowledged. Afterwards every acknowledged completion must be in the learner's statistics exactly once.
 */
const KILLS = Number(process.env.FAULT_KILLS ?? 22);
const LEARNERS = 4;
const SECRET = 'crash-test-secret-access';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlo-crash-'));
let current: ServerProcess | null = null;
afterAll(() => {
  current?.child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Outcome {
  committed: boolean;
  pointsTotal: number;
  rightAnswers: number;
}

describe('kill -9 under a stream of completions', () => {
  it(`loses no acknowledged completion and counts none twice across ${KILLS} crashes`, async () => {
    const seeding = await openDatabase({ kind: 'pglite', directory: dataDir });
    const course = await seedTestCourse(seeding.db);
    await seeding.close();
    // The first lesson of the first topic that has exercises (the one before it is a rules page).
    const lesson = course.topics[0]!.lessons[1]!;
    const attempts = rightAttempts(lesson.exercises);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { DATA_DIR: dataDir, SECRET_ACCESS_KEY: SECRET };
    current = startServerProcess(port, env);
    await waitUntilHealthy(port);

    const learners: Array<{
      userId: string;
      headers: Record<string, string>;
      acknowledged: Map<string, Outcome>;
    }> = [];
    for (let index = 0; index < LEARNERS; index += 1) {
      const body = {
        name: `Crash ${index}`,
        age: 30,
        email: `crash${index}@example.com`,
        password: 'crash test',
      };
      const registered = await fetch(`${base}/api/users/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const { accessToken, user } = (await registered.json()) as {
        accessToken: string;
        user: { id: string };
      };
      const headers = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };
      const chose = await fetch(`${base}/api/learning/course`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ packageId: course.packageId, programId: course.programId }),
      });
      expect(chose.status).toBe(200);
      const level = await fetch(`${base}/api/learning/level`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ programId: course.programId, level: 'beginning' }),
      });
      expect(level.status).toBe(200);
      learners.push({ userId: user.id, headers, acknowledged: new Map<string, Outcome>() });
    }

    let stopping = false;
    let sent = 0;
    let retried = 0;
    let acknowledgements = 0;
    /** One learner's client: complete the lesson again and again, each with its own key. */
    const stream = async (learner: (typeof learners)[number]) => {
      while (!stopping) {
        const key = randomUUID();
        for (let attempt = 0; ; attempt += 1) {
          if (attempt > 0) retried += 1;
          sent += 1;
          let status = 0;
          let text = '';
          try {
            const response = await fetch(`${base}/api/lessons/${lesson.id}/complete?secret=${SECRET}`, {
              method: 'POST',
              headers: learner.headers,
              body: JSON.stringify({ idempotencyKey: key, attempts }),
              signal: AbortSignal.timeout(10_000),
            });
            status = response.status;
            text = await response.text();
          } catch {
            // The server died under us: the same key goes again once it is back.
          }
          if (status === 200) {
            const outcome = JSON.parse(text) as Outcome;
            learner.acknowledged.set(key, outcome);
            acknowledgements += 1;
            break;
          }
          // Anything but a crash (no answer) or a 5xx is a bug: stop instead of retrying forever.
          if (status !== 0 && status < 500) {
            stopping = true;
            throw new Error(`completion answered ${status}: ${text}`);
          }
          await sleep(50);
        }
      }
    };
    const streams = learners.map((learner) => stream(learner));

    /**
     * Each server acknowledges a completion before it is killed (and the last one after the last crash): on
     * a busy machine a restarted server can take longer to answer its first completion than the pause
     * before the next kill, and crashes with nothing acknowledged in between would test nothing.
     */
    const acknowledgedAgain = async () => {
      const before = acknowledgements;
      const deadline = Date.now() + 60_000;
      // A stream that stopped on a wrong answer rejects, and awaiting the streams reports it.
      while (acknowledgements === before && !stopping) {
        if (Date.now() > deadline) {
          // The streams stop too, instead of retrying against a server the test is about to leave.
          stopping = true;
          throw new Error('no completion was acknowledged in 60 s');
        }
        await sleep(50);
      }
    };

    const started = Date.now();
    const restartMs: number[] = [];
    await acknowledgedAgain();
    for (let kill = 1; kill <= KILLS && !stopping; kill += 1) {
      await sleep(150 + Math.floor(Math.random() * 450));
      current.child.kill('SIGKILL');
      expect((await current.exited).signal).toBe('SIGKILL');
      current = startServerProcess(port, env);
      restartMs.push(await waitUntilHealthy(port));
      process.stdout.write(`kill ${kill}: healthy again after ${restartMs.at(-1)} ms\n`);
      await acknowledgedAgain();
    }
    stopping = true;
    await Promise.all(streams);

    let acknowledged = 0;
    for (const learner of learners) {
      const me = (await (await fetch(`${base}/api/users/me`, { headers: learner.headers })).json()) as {
        statistics: { points: number; rightAnswers: number };
      };
      const outcomes = [...learner.acknowledged.values()].filter((outcome) => outcome.committed);
      acknowledged += learner.acknowledged.size;
      // The first completion of the lesson commits; repeats of a learned lesson are acknowledged but
      // change nothing. Counted twice, points and right answers would be higher.
      expect(outcomes.length).toBe(1);
      expect(me.statistics.points).toBe(outcomes[0]?.pointsTotal);
      expect(me.statistics.rightAnswers).toBe(outcomes[0]?.rightAnswers);
    }
    expect(acknowledged).toBeGreaterThan(KILLS);
    current.child.kill('SIGTERM');
    await current.exited;
    current = null;

    // In the database: exactly one stored completion and one 'lesson-played' event per acknowledged key.
    const check = await openDatabase({ kind: 'pglite', directory: dataDir });
    try {
      for (const learner of learners) {
        const keys = await check.db
          .select({ key: lessonCompletions.idempotencyKey })
          .from(lessonCompletions)
          .where(eq(lessonCompletions.userId, learner.userId));
        expect(new Set(keys.map((row) => row.key))).toEqual(new Set(learner.acknowledged.keys()));
        const played = await check.db
          .select({ id: learningEvents.id })
          .from(learningEvents)
          .where(and(eq(learningEvents.userId, learner.userId), eq(learningEvents.kind, 'lesson-played')));
        expect(played.length).toBe(learner.acknowledged.size);
      }
    } finally {
      await check.close();
    }
    const averageRestart = Math.round(restartMs.reduce((a, b) => a + b, 0) / restartMs.length);
    process.stdout.write(
      `crash test: ${KILLS} kill -9, ${acknowledged} completions acknowledged, ${sent} requests sent ` +
        `(${retried} resent after a crash), 0 lost, 0 counted twice; restart to healthy avg ${averageRestart} ms; ` +
        `${Math.round((Date.now() - started) / 1000)} s\n`,
    );
  }, 1_800_000);
});
