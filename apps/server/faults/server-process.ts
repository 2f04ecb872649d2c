import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/*
 * Real server processes for the fault tests: `node apps/server/src/server.ts`, as `npm start` runs it,
 * started, killed and restarted by the test.
 */
const repoRoot = path.join(import.meta.dirname, '..', '..', '..');
const serverEntry = path.join(repoRoot, 'apps', 'server', 'src', 'server.ts');
/**
 * The fault tests seed a small course of their own. A folder without built courses, so that a start never
 * imports content/dist when it exists (`npm test` builds it first): that import takes minutes and would
 * leave a killed server nothing to answer with. The first-start test, which is about that import, passes
 * the real folder.
 */
const noBuiltCourses = fs.mkdtempSync(path.join(os.tmpdir(), 'parlo-no-courses-'));
process.once('exit', () => fs.rmSync(noBuiltCourses, { recursive: true, force: true }));

/** A port nobody listens on right now (the OS picks it), reused across restarts of one test. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr(): string;
  /** Its log lines so far (and its content import child's, which writes to the same stdout). */
  stdout(): string;
}

export function startServerProcess(port: number, env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      NODE_ENV: 'test',
      SCHEDULED_JOBS: 'false',
      AUTH_RATE_LIMIT: '100000',
      // The fault tests load one address far beyond a learner's 600 a minute; the limit is not under test.
      RATE_LIMIT: '100000',
      // Load shedding is off as in the API suite: a busy test machine is not an overloaded server, and a 503
      // OVERLOADED would read as a fault the test did not cause.
      MAX_EVENT_LOOP_DELAY_MS: '0',
      CONTENT_DIST_DIR: noBuiltCourses,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, stderr: () => stderr, stdout: () => stdout };
}

export async function waitUntilHealthy(port: number, timeoutMs = 60_000): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return Date.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`server on ${port} did not become healthy within ${timeoutMs} ms`);
}

/** The PIDs of a process's children (Linux). */
export function childPids(pid: number): number[] {
  const taskDir = `/proc/${pid}/task`;
  if (!fs.existsSync(taskDir)) return [];
  return fs
    .readdirSync(taskDir)
    .flatMap((task) => {
      try {
        return fs.readFileSync(`${taskDir}/${task}/children`, 'utf8').trim().split(/\s+/);
      } catch {
        return [];
      }
    })
    .filter((entry) => entry !== '')
    .map(Number);
}

/** Whether a process still runs (a zombie waiting for its reaper does not). */
export function isRunning(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
