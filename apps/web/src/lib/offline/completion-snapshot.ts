import { useSyncExternalStore } from 'react';
import type { QueuedCompletion } from './completion-queue.ts';

/**
 * What the screens know of the completion queue (issue 17), apart from the code that fills and sends it
 * (completion-sync.ts): the dashboard reads it on its first screen, and must not bring IndexedDB and the
 * completion calls into its first load for that.
 */
export interface QueueSnapshot {
  /**
   * Runs finished on this device and not yet accepted by the server, those the daily limit holds for the
   * next day (`heldUntil`) included.
   */
  waiting: QueuedCompletion[];
  /** Runs the server refused, with its reason, until the learner dismisses them. */
  refused: QueuedCompletion[];
}

export const EMPTY_QUEUE: QueueSnapshot = { waiting: [], refused: [] };
let snapshot: QueueSnapshot = EMPTY_QUEUE;
const listeners = new Set<() => void>();

export function currentQueue(): QueueSnapshot {
  return snapshot;
}

export function publishQueue(next: QueueSnapshot): void {
  // An empty queue read from the device stays the snapshot the screens already have, so its arrival on
  // every load draws nothing again (the dashboard's whole topic list reads it).
  snapshot = next.waiting.length === 0 && next.refused.length === 0 ? EMPTY_QUEUE : next;
  for (const listener of listeners) listener();
}

/** The queue as the screens see it; empty for guests. */
export function useCompletionQueue(): QueueSnapshot {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => snapshot,
  );
}
