import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';

/*
 * The real entry point in real processes: what `npm start` runs, on an embedded database in DATA_DIR.
 */
const serverEntry = path.join(import.meta.dirname, 'server.ts');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlo-process-'));
/**
 * A folder without built courses: importing every course (content/dist, built by `npm test` first) takes
 * minutes on a busy machine and is what the first-start fault test is about; here the import child only
 * finds nothing to import.
 */
const noBuiltCourses = fs.mkdtempSync(path.join(os.tmpdir(), 'parlo-no-courses-'));
const running: ChildProcess[] = [];

function startServer(port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: path.join(import.meta.dirname, '..', '..', '..'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CONTENT_DIST_DIR: noBuiltCourses,
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
      // This file is about the process and its database, not load shedding: in CI it runs beside the
      // whole suite on two cores, where a late event loop would refuse the sign-up with 503 OVERLOADED.
      MAX_EVENT_LOOP_DELAY_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let stderr = '';
  let stdout = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  /** pino's JSON lines (the server's and its import process's, which shares its stdout). */
  const logLines = () =>
    stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { pid: number; msg: string; importPid?: number });
  return { child, exited, stderr: () => stderr, logLines };
}

async function waitForHealth(port: number, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return (await response.json()) as unknown;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server on ${port} did not become healthy`);
}

async function stop(server: ReturnType<typeof startServer>) {
  server.child.kill('SIGTERM');
  return server.exited;
}

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(noBuiltCourses, { recursive: true, force: true });
});

describe('the server process on the embedded database', () => {
  const learner = { name: 'Persistent Pat', age: 35, email: 'pat@example.com', password: 'still here' };

  it('starts, answers health with the database up, and refuses a second process on the same DATA_DIR', async () => {
    const first = startServer(4311);
    // A failure here must not leave the first server holding DATA_DIR for the next test.
    onTestFinished(() => void first.child.kill('SIGKILL'));
    // The first start creates the database in a child process: on a loaded 2-core machine that can take
    // well over 30 s.
    expect(await waitForHealth(4311, 100_000)).toEqual({ status: 'ok', database: 'up' });
    const registered = await fetch('http://127.0.0.1:4311/api/users/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(learner),
    });
    expect(registered.status, await registered.clone().text()).toBe(200);

    // ADR 024: creating the database and importing the courses cost ~800 MB that a process never gives
    // back, so a child process did that work and exited; the server opened the database afterwards.
    const lines = first.logLines();
    const prepared = lines.find((line) => line.msg === 'database and content prepared by a child process');
    expect(prepared?.pid).toBe(first.child.pid);
    expect(prepared?.importPid).toEqual(expect.any(Number));
    expect(prepared?.importPid).not.toBe(first.child.pid);
    const importerLines = lines.filter((line) => line.pid === prepared?.importPid);
    expect(importerLines.length).toBeGreaterThan(0);
    expect(importerLines.some((line) => /^no built content/.test(line.msg))).toBe(true);

    const second = startServer(4312);
    expect(await second.exited).toBe(1);
    expect(second.stderr()).toMatch(/already in use by another Parlo process \(PID \d+\)/);
    // The first one is unharmed.
    expect(await waitForHealth(4311)).toEqual({ status: 'ok', database: 'up' });

    expect(await stop(first)).toBe(0);
  }, 150_000);

  it('keeps registered users across a restart', async () => {
    const again = startServer(4313);
    await waitForHealth(4313);
    const login = await fetch('http://127.0.0.1:4313/api/users/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: learner.email, password: learner.password }),
    });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { user: { name: string } }).user.name).toBe('Persistent Pat');
    // Nothing to create or import on a restart: no child process, every line is the server's own.
    const lines = again.logLines();
    expect(lines.some((line) => line.msg === 'database ready')).toBe(true);
    expect(lines.every((line) => line.pid === again.child.pid)).toBe(true);
    expect(await stop(again)).toBe(0);
  }, 60_000);
});
