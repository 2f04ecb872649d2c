import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Every process the bench started, stopped by PID on exit, error or Ctrl-C (never by name). */
const started = new Set<ChildProcess>();

export function stopAll(): void {
  for (const child of started) {
    if (child.exitCode === null && child.pid) {
      try {
        process.kill(child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
  started.clear();
}

let cleanupInstalled = false;
/** Ctrl-C, SIGTERM or a crash: the servers go with the bench, then `onExit` (drop the scratch database). */
export function installCleanup(onExit: () => Promise<void>): void {
  if (cleanupInstalled) return;
  cleanupInstalled = true;
  const quit = (code: number) => {
    stopAll();
    void onExit().finally(() => process.exit(code));
  };
  process.on('SIGINT', () => quit(130));
  process.on('SIGTERM', () => quit(143));
  process.on('exit', stopAll);
}

export interface RunningServer {
  url: string;
  pid: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts `node args` and waits for the line that tells the address it listens on. */
function startNode(
  args: string[],
  options: {
    cwd: string;
    env: NodeJS.ProcessEnv;
    addressFrom: (line: string) => string | null;
    name: string;
  },
): Promise<RunningServer> {
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`${options.name} did not start within 120 s`)), 120_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      if (child.pid && child.exitCode === null) child.kill('SIGKILL');
      reject(new Error(`${error.message}\n${output.slice(-3000)}`));
    };
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.length > 100_000) output = output.slice(-20_000);
      for (const line of output.split('\n')) {
        const url = options.addressFrom(line);
        if (url) {
          clearTimeout(timer);
          child.stdout?.removeListener('data', onData);
          child.stdout?.resume();
          child.stderr?.resume();
          resolve({
            url,
            pid: child.pid ?? 0,
            child,
            stop: () => stopChild(child),
          });
          return;
        }
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => fail(new Error(`${options.name} exited with ${code}`)));
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || !child.pid) {
      started.delete(child);
      resolve();
      return;
    }
    const force = setTimeout(() => child.pid && child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(force);
      started.delete(child);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

const benchDir = path.dirname(fileURLToPath(import.meta.url));

export function startHelloWorld(): Promise<RunningServer> {
  return startNode(['--import', 'tsx', path.join(benchDir, 'hello-world.ts')], {
    cwd: path.join(benchDir, '..'),
    env: { ...process.env, NODE_ENV: 'production' },
    addressFrom: (line) => /^listening (http:\/\/\S+)/.exec(line)?.[1] ?? null,
    name: 'hello-world',
  });
}

export const BENCH_SECRET = 'bench-secret-access-key-0123456789';

/**
 * How `appDir`'s `npm run serve` starts its server: the script's leading `NAME=value` settings and the
 * arguments after `node` (`apps/server/dist/server.js`, or `--import tsx apps/server/src/server.ts` in
 * checkouts before ADR 024). The bench starts that with `node` itself, so the PID it measures is the
 * server's, not npm's, and a baseline checkout is measured the way it really runs.
 */
export function serveCommand(appDir: string): { env: Record<string, string>; args: string[] } {
  const scripts = (
    JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8')) as {
      scripts?: Record<string, string>;
    }
  ).scripts;
  const words = (scripts?.serve ?? '').trim().split(/\s+/);
  const env: Record<string, string> = {};
  while (words[0] && /^[A-Z_][A-Z0-9_]*=/.test(words[0])) {
    const [name, ...value] = (words.shift() ?? '').split('=');
    env[name ?? ''] = value.join('=');
  }
  if (words.shift() !== 'node' || words.length === 0 || words.some((word) => /[|&;<>$`"']/.test(word))) {
    throw new Error(`${appDir}: \`npm run serve\` is not "[NAME=value …] node <args>": ${scripts?.serve}`);
  }
  return { env, args: words };
}

/** Parlo's production server of `appDir`, as `npm run serve` starts it, on an ephemeral loopback port. */
export function startParlo(
  appDir: string,
  dataDir: string,
  databaseUrl: string | null,
): Promise<RunningServer> {
  const serve = serveCommand(appDir);
  return startNode(serve.args, {
    cwd: appDir,
    env: {
      ...process.env,
      // NODE_ENV=production and MALLOC_ARENA_MAX=2 (ADR 020), as the serve script sets them.
      ...serve.env,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      LOG_LEVEL: 'info',
      // The load comes from 1,000 client addresses in X-Forwarded-For, so the rate limit counts per client.
      TRUST_PROXY: 'true',
      // Lets the completion run's learners play more than the two free lessons a day (SPEC §4).
      SECRET_ACCESS_KEY: BENCH_SECRET,
      // A fresh data folder has no recordings, and making them all (issue 31, once after a content change)
      // kept both cores busy through a whole run: hello-world fell from ~33 k to ~12 k req/s. The bench
      // measures a server that has its recordings, so it leaves that one-time job off.
      AUDIO_AHEAD: 'false',
    },
    // pino's "Server listening at http://127.0.0.1:port"
    addressFrom: (line) => {
      if (!line.includes('Server listening at')) return null;
      const match = /"msg":"Server listening at (http:\/\/127\.0\.0\.1:\d+)"/.exec(line);
      return match?.[1] ?? null;
    },
    name: 'Parlo',
  });
}

/**
 * CPU time a process has used so far, user and system, in milliseconds (Linux /proc, 10 ms ticks); null
 * elsewhere. Its growth over a run, per request served, holds when other work shares the machine, where
 * req/s does not.
 */
export function cpuMs(pid: number): number | null {
  try {
    // Fields after the command's closing parenthesis: state is the 3rd field, utime the 14th, stime the 15th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : null;
  } catch {
    return null;
  }
}

/** Resident set size of a process in bytes (Linux /proc). */
export function rssBytes(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}
