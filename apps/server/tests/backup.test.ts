import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, register } from '@parlo/contract/accounts';
import { buildApp } from '../src/app.ts';
import { openDatabase, type DatabaseTarget } from '../src/db/client.ts';
import { createScratchDatabase, newLearner, testDatabaseKind, testEnv, testPushSender } from './helper.ts';
import { injectCall } from './support/inject-call.ts';

/**
 * Issue 30 item 17: `npm run db:backup` and `npm run db:restore`, run as an operator runs them, against
 * the database the environment names; the restored copy is a working Parlo.
 */
const repoDir = fileURLToPath(new URL('../../..', import.meta.url));
const run = promisify(execFile);

/** `npm run db:<command> -- <file>` with the server's environment; its exit and output. */
async function npmRun(command: 'backup' | 'restore', file: string, env: Record<string, string>) {
  const environment: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent', ...env };
  if (!env.DATABASE_URL) delete environment.DATABASE_URL;
  try {
    const { stdout } = await run('npm', ['run', '--silent', `db:${command}`, '--', file], {
      cwd: repoDir,
      env: environment,
    });
    return { ok: true, output: stdout };
  } catch (error) {
    return { ok: false, output: String((error as { stderr?: string }).stderr) };
  }
}

/** The app on a database, as the server runs it (no scheduled jobs); closed by the caller. */
async function appOn(target: DatabaseTarget) {
  const database = await openDatabase(target, () => {});
  const app: FastifyInstance = await buildApp({
    env: testEnv(),
    db: database.db,
    mailer: { send: async () => {} },
    now: () => new Date(),
    push: testPushSender(),
  });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

let workDir: string;
const scratches: Array<{ url: string; drop(): Promise<void> }> = [];
beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'parlo-backup-'));
});
afterAll(async () => {
  for (const scratch of scratches) await scratch.drop();
  await rm(workDir, { recursive: true, force: true });
});

/** Where a database lives: a DATA_DIR (PGlite) or a new scratch database (PostgreSQL), empty at first. */
async function freshPlace(name: string): Promise<{ env: Record<string, string>; target: DatabaseTarget }> {
  if (testDatabaseKind === 'postgres') {
    const scratch = await createScratchDatabase();
    scratches.push(scratch);
    return {
      env: { DATABASE_URL: scratch.url },
      target: { kind: 'postgres', url: scratch.url },
    };
  }
  const dataDir = path.join(workDir, name);
  return {
    env: { DATA_DIR: dataDir },
    target: { kind: 'pglite', directory: dataDir } as DatabaseTarget,
  };
}

describe(`db:backup and db:restore (${testDatabaseKind})`, () => {
  it('backs up a learner, restores into a fresh place, and the app there signs them in', async () => {
    const original = await freshPlace('original');
    const learner = newLearner();
    const first = await appOn(original.target);
    const registered = await injectCall(first.app, register, { body: learner });
    expect(registered.statusCode, registered.body).toBe(200);
    const { user } = registered.data;
    await first.close();

    const file = path.join(workDir, `parlo-${testDatabaseKind}.backup`);
    const backup = await npmRun('backup', file, original.env);
    expect(backup, backup.output).toMatchObject({ ok: true });
    expect((await stat(file)).size).toBeGreaterThan(0);

    const copy = await freshPlace('restored');
    const restore = await npmRun('restore', file, copy.env);
    expect(restore, restore.output).toMatchObject({ ok: true });
    // Restoring again over the restored data is refused: a restore never writes over a database.
    const again = await npmRun('restore', file, copy.env);
    expect(again.ok).toBe(false);
    expect(again.output).toMatch(/restore into a new, empty/);

    const restored = await appOn(copy.target);
    try {
      const signedIn = await injectCall(restored.app, login, {
        body: { email: learner.email, password: learner.password },
      });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect(signedIn.data.user).toMatchObject({
        id: user.id,
        name: learner.name,
      });
    } finally {
      await restored.close();
    }
  }, 300_000);

  it.runIf(testDatabaseKind === 'pglite')(
    'refuses to back up an embedded database a running server holds',
    async () => {
      const place = await freshPlace('in-use');
      const running = await appOn(place.target);
      try {
        const backup = await npmRun('backup', path.join(workDir, 'in-use.backup'), place.env);
        expect(backup.ok).toBe(false);
        expect(backup.output).toMatch(/already in use by another Parlo process \(PID \d+\)/);
      } finally {
        await running.close();
      }
    },
    120_000,
  );
});
