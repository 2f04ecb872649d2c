import type { DatabaseActivity } from '../lib/metrics.ts';

/**
 * PGlite runs one statement at a time on its one connection and keeps its queue to itself, so what is in
 * flight is counted where our code hands it work (the instance's query, exec and transaction, and the
 * named statements of ADR 032): one of them runs, the others wait.
 */
const inFlightOn = new WeakMap<object, { count: number }>();

export function trackActivityOf(instance: object): () => DatabaseActivity {
  const counter = { count: 0 };
  inFlightOn.set(instance, counter);
  return () => ({
    inUse: Math.min(counter.count, 1),
    idle: counter.count === 0 ? 1 : 0,
    waiting: Math.max(counter.count - 1, 0),
  });
}

/** Runs `work` counted as in flight on `instance` (untracked instances just run it). */
export async function countedWork<T>(instance: object, work: () => Promise<T>): Promise<T> {
  const counter = inFlightOn.get(instance);
  if (!counter) return work();
  counter.count += 1;
  try {
    return await work();
  } finally {
    counter.count -= 1;
  }
}
