import pino from 'pino';

/** How many bytes of log lines are gathered before one write (about 16 request lines). */
export const LOG_BUFFER_BYTES = 4096;
/** The longest a gathered line waits when traffic is light. */
export const LOG_FLUSH_MS = 250;

export type LogDestination = ReturnType<typeof pino.destination>;

/**
 * Standard output for the production server's log lines (ADR 045), the same lines as before: pino's default
 * wrote each line with its own synchronous `write` system call, a cost every logged request paid. Lines are
 * now gathered up to LOG_BUFFER_BYTES and written together, asynchronously, at the latest LOG_FLUSH_MS
 * after they were logged. None is lost when the process ends: pino flushes an asynchronous destination
 * synchronously on `exit` (shutdown and the fatal-error exit both end with `process.exit`), and `flushLog`
 * writes what is gathered when the server closes.
 */
export function bufferedLogDestination(fd = 1): LogDestination {
  return pino.destination({
    dest: fd,
    sync: false,
    minLength: LOG_BUFFER_BYTES,
    periodicFlush: LOG_FLUSH_MS,
  });
}

/** Writes every gathered line; resolves when they are written. */
export function flushLog(destination: LogDestination): Promise<void> {
  return new Promise((resolve, reject) => {
    destination.flush((error) => (error ? reject(error) : resolve()));
  });
}
