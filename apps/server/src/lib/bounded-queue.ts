/** Why a task was not taken: the queue is full, or its key already has a task waiting or running. */
export class QueueRefusal extends Error {
  constructor(readonly reason: 'full' | 'key-busy') {
    super(reason === 'full' ? 'The queue is full' : 'A task of this key is already queued');
    this.name = 'QueueRefusal';
  }
}

/**
 * Runs at most `concurrency` tasks at once and keeps at most `maxWaiting` more waiting; anything beyond
 * is refused at once (never queued for long), as is a second task for a key that already has one.
 */
export function boundedQueue(options: { concurrency: number; maxWaiting: number }) {
  let running = 0;
  const waiting: Array<() => void> = [];
  const keys = new Set<string>();

  /** Hands a freed place to the longest-waiting task (counted as running from here, so none jumps in). */
  function next(): void {
    if (running >= options.concurrency) return;
    const start = waiting.shift();
    if (!start) return;
    running += 1;
    start();
  }

  return {
    /** Runs `task` when a place is free; throws QueueRefusal instead of waiting behind a full queue. */
    async run<T>(key: string, task: () => Promise<T>): Promise<T> {
      if (keys.has(key)) throw new QueueRefusal('key-busy');
      if (running >= options.concurrency && waiting.length >= options.maxWaiting) {
        throw new QueueRefusal('full');
      }
      keys.add(key);
      try {
        if (running < options.concurrency) running += 1;
        else await new Promise<void>((resolve) => waiting.push(resolve));
        try {
          return await task();
        } finally {
          running -= 1;
          next();
        }
      } finally {
        keys.delete(key);
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}

export type BoundedQueue = ReturnType<typeof boundedQueue>;
