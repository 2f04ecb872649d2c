import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseLockedError, lockDataDirectory } from './pglite-lock.ts';

const directories: string[] = [];
function freshDirectory() {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'parlo-lock-'));
  directories.push(directory);
  return directory;
}
afterEach(() => {
  for (const directory of directories.splice(0)) fs.rmSync(directory, { recursive: true, force: true });
});

describe('the PGlite directory lock', () => {
  it('refuses a second opener while the owner lives, with a clear message', async () => {
    const directory = freshDirectory();
    // Another live process holds the lock.
    const owner = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    try {
      fs.writeFileSync(path.join(directory, 'parlo.lock'), String(owner.pid));
      expect(() => lockDataDirectory(directory)).toThrow(DatabaseLockedError);
      expect(() => lockDataDirectory(directory)).toThrow(
        /already in use by another Parlo process \(PID \d+\)/,
      );
    } finally {
      owner.kill();
    }
  });

  it('takes over a lock left by a process that died', async () => {
    const directory = freshDirectory();
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => dead.on('exit', resolve));
    fs.writeFileSync(path.join(directory, 'parlo.lock'), String(dead.pid));
    const unlock = lockDataDirectory(directory);
    expect(fs.readFileSync(path.join(directory, 'parlo.lock'), 'utf8')).toBe(String(process.pid));
    unlock();
    expect(fs.existsSync(path.join(directory, 'parlo.lock'))).toBe(false);
  });

  it('refuses a second open of the same directory inside one process', () => {
    const directory = freshDirectory();
    const unlock = lockDataDirectory(directory);
    expect(() => lockDataDirectory(directory)).toThrow(DatabaseLockedError);
    unlock();
  });

  it('takes over a stale lock naming our own PID (a restarted container)', () => {
    const directory = freshDirectory();
    fs.writeFileSync(path.join(directory, 'parlo.lock'), String(process.pid));
    lockDataDirectory(directory)();
  });

  it('can be taken again after release', () => {
    const directory = freshDirectory();
    lockDataDirectory(directory)();
    const unlock = lockDataDirectory(directory);
    unlock();
  });
});
