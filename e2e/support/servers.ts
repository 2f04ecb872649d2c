import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/*
 * The suite runs in parallel workers (issue 33): each worker talks to a server of its own, with its own
 * throw-away database, so no spec sees another's learners, leaderboard or mail. The runner starts them all
 * (playwright.config.ts); a worker finds its own by Playwright's parallel index, which a restarted worker
 * keeps.
 */

/** How many workers, and so shared servers, the suite runs: one per core of a CI machine. */
export const e2eWorkers = Math.max(
  1,
  Number(process.env.E2E_WORKERS ?? Math.min(2, os.availableParallelism())),
);

/** The folder holding every server's database; made by the runner, inherited by its workers. */
function dataRoot(): string {
  const root = process.env.PARLO_E2E_DATA_DIR;
  if (!root) throw new Error('PARLO_E2E_DATA_DIR is set by playwright.config.ts');
  return root;
}

/** The shared server of worker slot `index`: ports E2E_PORT, E2E_PORT + 1, … */
export function sharedServer(index: number) {
  const port = Number(process.env.E2E_PORT ?? 3999) + index;
  return {
    port,
    baseURL: `http://127.0.0.1:${port}`,
    dataDir: path.join(dataRoot(), `server-${index}`),
  };
}

/** This worker's shared server (in the runner: the first one). */
export function ownSharedServer() {
  return sharedServer(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
}

/** What every e2e server runs with, shared and one-off alike. */
export function serverSettings(server: { port: number; baseURL: string; dataDir: string }) {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(server.port),
    DATA_DIR: server.dataDir,
    PUBLIC_URL: server.baseURL,
    AUTH_RATE_LIMIT: '1000',
    // The journeys to a course's last topic (content-last-topic.spec.ts) send ~500 requests a minute from
    // this machine, past the default 600 a minute once the browser's are counted; the API suite tests the
    // limit.
    RATE_LIMIT: '100000',
    LOG_LEVEL: 'warn',
    // A run crossing midnight in London would freeze the ratings mid-test; the API suite covers the job.
    SCHEDULED_JOBS: 'false',
    // Making every course's recordings in the background would compete with the browser for the CPU; a
    // lesson's own recordings are still made when it is opened (the API suite covers making ahead).
    AUDIO_AHEAD: 'false',
    // Load shedding off: on a 2-core CI machine running Chromium beside the server, a navigation to
    // /dashboard (ar, 1280 px) was answered 503 OVERLOADED. The API suite tests the shedding; why the event
    // loop fell a second behind there is an open finding of the 2026-11-28 session note.
    MAX_EVENT_LOOP_DELAY_MS: '0',
  };
}

/** A port nothing listens on now, as the system hands out. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface OneOffServer {
  baseURL: string;
  stop(): Promise<void>;
}

/**
 * A server for one spec that needs settings the shared servers do not have (no payment provider, the
 * scheduler ticking, no app listed): the built server on a free port with a fresh database, ready when its
 * health check answers. `env` is laid over this process's environment; a key set to undefined is removed.
 */
export async function startOneOffServer(env: Record<string, string | undefined>): Promise<OneOffServer> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlo-e2e-one-off-'));
  // Its specs are about settings, not courses: it imports none (an empty folder of built courses), where
  // importing every bundled course would hold up the spec and the other worker's CPU.
  const noCourses = fs.mkdtempSync(path.join(os.tmpdir(), 'parlo-e2e-no-courses-'));
  const settings: NodeJS.ProcessEnv = {
    ...process.env,
    ...serverSettings({ port, baseURL, dataDir }),
    CONTENT_DIST_DIR: noCourses,
  };
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete settings[key];
    else settings[key] = value;
  }
  // The built server (the suite runs after `npm run build`): it starts without compiling TypeScript.
  const server = spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: path.join(import.meta.dirname, '..', '..'),
    env: settings,
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(noCourses, { recursive: true, force: true });
  };
  // A bound, not a wait: a first start on a busy 2-core machine.
  const deadline = Date.now() + 150_000;
  for (;;) {
    const status = (await fetch(`${baseURL}/api/health`).catch(() => null))?.status;
    if (status === 200) return { baseURL, stop };
    if (server.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the one-off server on ${baseURL} did not become healthy`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
