import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite is a single-process database: two processes writing one directory corrupt it. A lock file
 * holding the owner's PID refuses a second opener with a clear message, and is taken over when its
 * owner has died (a crash must not need a manual clean-up).
 */
// Locks this process holds: a lock file naming our own PID may also be a stale one from an earlier
// process that had the same PID (PID 1 in a restarted container), so the file alone cannot tell.
const heldHere = new Set<string>();

export function lockDataDirectory(directory: string): () => void {
  fs.mkdirSync(directory, { recursive: true });
  const lockFile = path.join(fs.realpathSync(directory), 'parlo.lock');
  if (heldHere.has(lockFile)) throw new DatabaseLockedError(directory, process.pid);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      heldHere.add(lockFile);
      return () => {
        heldHere.delete(lockFile);
        if (readOwner(lockFile) === process.pid) fs.rmSync(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(lockFile);
      if (owner !== null && owner !== process.pid && isRunning(owner)) {
        throw new DatabaseLockedError(directory, owner);
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new DatabaseLockedError(directory, readOwner(lockFile));
}

/** The PID named by the directory's lock file, or null when there is none. */
export function lockOwner(directory: string): number | null {
  return readOwner(path.join(fs.realpathSync(directory), 'parlo.lock'));
}

export class DatabaseLockedError extends Error {
  constructor(directory: string, owner: number | null) {
    super(
      `The embedded database in ${directory} is already in use by another Parlo process` +
        `${owner === null ? '' : ` (PID ${owner})`}. Stop that process, or set DATA_DIR to another folder, ` +
        'or use DATABASE_URL to share a PostgreSQL server between several instances.',
    );
    this.name = 'DatabaseLockedError';
  }
}

function readOwner(lockFile: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(lockFile, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
