import { execFileSync } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { bufferedLogDestination, flushLog, LOG_FLUSH_MS, type LogDestination } from './log-destination.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const dirs: string[] = [];
const open: LogDestination[] = [];

function logFile() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'parlo-log-'));
  dirs.push(dir);
  const file = path.join(dir, 'out.log');
  return {
    file,
    fd: openSync(file, 'w'),
    lines: () => readFileSync(file, 'utf8').split('\n').filter(Boolean),
  };
}

afterEach(() => {
  // destroy() also closes the file descriptor.
  for (const destination of open.splice(0)) destination.destroy();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('bufferedLogDestination (ADR 045)', () => {
  it('gathers lines and writes them all, in order and unchanged, when flushed', async () => {
    const out = logFile();
    const destination = bufferedLogDestination(out.fd);
    open.push(destination);
    const log = pino({ base: null, timestamp: false }, destination);
    log.info({ n: 1 }, 'first');
    log.info({ n: 2 }, 'second');
    expect(out.lines()).toEqual([]);
    await flushLog(destination);
    expect(out.lines().map((line) => JSON.parse(line) as unknown)).toEqual([
      { level: 30, n: 1, msg: 'first' },
      { level: 30, n: 2, msg: 'second' },
    ]);
  });

  it('writes a lone line within the flush interval when traffic is light', async () => {
    const out = logFile();
    const destination = bufferedLogDestination(out.fd);
    open.push(destination);
    pino({ base: null, timestamp: false }, destination).info('alone');
    await new Promise((resolve) => setTimeout(resolve, LOG_FLUSH_MS * 3));
    expect(out.lines()).toEqual([JSON.stringify({ level: 30, msg: 'alone' })]);
  });

  it.each([
    ['process.exit', 'process.exit(0);'],
    ['an uncaught exception after a fatal line', "log.fatal('dying'); throw new Error('boom');"],
  ])('loses no line when the process ends by %s', (_name, ending) => {
    const out = logFile();
    const script = `
      import pino from 'pino';
      import { bufferedLogDestination } from ${JSON.stringify(path.join(here, 'log-destination.ts'))};
      const log = pino({ base: null, timestamp: false }, bufferedLogDestination(${out.fd}));
      for (let n = 0; n < 1000; n += 1) log.info({ n }, 'line');
      ${ending}`;
    try {
      execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        cwd: here,
        stdio: ['ignore', 'ignore', 'ignore', ...Array<'inherit'>(out.fd - 2).fill('inherit')],
      });
    } catch {
      // the uncaught exception exits non-zero
    }
    const lines = out.lines().map((line) => JSON.parse(line) as { n?: number; msg: string });
    expect(lines.filter((line) => line.msg === 'line').map((line) => line.n)).toEqual(
      Array.from({ length: 1000 }, (_, n) => n),
    );
    if (ending.includes('fatal')) expect(lines.at(-1)).toEqual({ level: 60, msg: 'dying' });
  });
});
