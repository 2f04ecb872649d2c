import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * The real entry point in real processes: what `npm start` runs, on an embedded database in DATA_DIR.
 */
const serverEntry = path.join(import.meta.dirname, 'server.ts');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlo-process-'));
const running: ChildProcess[] = [];

function startServer(port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: path.join(import.meta.dirname, '..', '..', '..'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, stderr: () => stderr };
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
});

describe('the server process on the embedded database', () => {
  const learner = { name: 'Persistent Pat', age: 35, email: 'pat@example.com', password: 'still here' };

  it('starts, answers health with the database up, and refuses a second process on the same DATA_DIR', async () => {
    const first = startServer(4311);
    expect(await waitForHealth(4311)).toEqual({ status: 'ok', database: 'up' });
    const registered = await fetch('http://127.0.0.1:4311/api/users/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(learner),
    });
    expect(registered.status).toBe(200);

    const second = startServer(4312);
    expect(await second.exited).toBe(1);
    expect(second.stderr()).toMatch(/already in use by another Parlo process \(PID \d+\)/);
    // The first one is unharmed.
    expect(await waitForHealth(4311)).toEqual({ status: 'ok', database: 'up' });

    expect(await stop(first)).toBe(0);
  }, 60_000);

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
    expect(await stop(again)).toBe(0);
  }, 60_000);
});
