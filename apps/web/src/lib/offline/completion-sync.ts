import { COMPLETION_SYNC_TAG } from './cache-names.ts';
import {
  flushCompletions,
  inSendingOrder,
  type FlushResult,
  type QueuedCompletion,
} from './completion-queue.ts';
import { forgetCompletionsOf, indexedDbCompletionStore } from './completion-store.ts';
import { sendQueuedCompletion } from './send-completion.ts';
import { currentQueue, EMPTY_QUEUE, publishQueue, type QueueSnapshot } from './completion-snapshot.ts';

export { useCompletionQueue, type QueueSnapshot } from './completion-snapshot.ts';

/**
 * The page's side of the completion queue (issue 17): queue a run finished offline, send the queue (on
 * start, on the `online` event, after a Background Sync) and tell the screens what is still waiting.
 */

let snapshotUser: string | undefined;

/** Reads the learner's entries from IndexedDB into the snapshot the screens render. */
export async function refreshQueue(userId: string): Promise<QueueSnapshot> {
  snapshotUser = userId;
  let entries: QueuedCompletion[] = [];
  try {
    entries = inSendingOrder(
      (await indexedDbCompletionStore.all()).filter((entry) => entry.userId === userId),
    );
  } catch {
    // No IndexedDB (private mode in old browsers): nothing can have been queued either.
  }
  const next = {
    waiting: entries.filter((entry) => entry.state === 'waiting'),
    refused: entries.filter((entry) => entry.state === 'refused'),
  };
  if (snapshotUser === userId) publishQueue(next);
  return next;
}

/** Keeps a run the server could not be reached for; the browser sends it once back online. */
export async function queueCompletion(entry: Omit<QueuedCompletion, 'state'>): Promise<void> {
  await indexedDbCompletionStore.put({ ...entry, state: 'waiting' });
  await refreshQueue(entry.userId);
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const sync = (registration as { sync?: { register(tag: string): Promise<void> } } | undefined)?.sync;
    await sync?.register(COMPLETION_SYNC_TAG);
  } catch {
    // No Background Sync: the `online` event and the next start send it instead.
  }
}

let inFlight: Promise<FlushResult> | undefined;

/** Sends the learner's waiting runs in order; one round at a time per tab (the server key guards the rest). */
export function syncCompletions(userId: string): Promise<FlushResult> {
  inFlight ??= flushCompletions(indexedDbCompletionStore, userId, sendQueuedCompletion)
    .catch(() => ({ sent: 0, refused: 0, waiting: currentQueue().waiting.length, held: 0 }))
    .finally(() => {
      inFlight = undefined;
    });
  return inFlight.then(async (result) => {
    await refreshQueue(userId);
    return result;
  });
}

/** A run the player got through itself after all (a retry online). */
export async function forgetQueuedCompletion(userId: string, key: string): Promise<void> {
  try {
    await indexedDbCompletionStore.remove(key);
  } catch {
    return; // No IndexedDB: nothing was queued.
  }
  await refreshQueue(userId);
}

/** The learner has read why a run was refused. */
export async function dismissRefusal(entry: QueuedCompletion): Promise<void> {
  await indexedDbCompletionStore.remove(entry.key);
  await refreshQueue(entry.userId);
}

/** Logout after the warning: this learner's unsent runs are dropped from this device. */
export async function forgetQueue(userId: string): Promise<void> {
  await forgetCompletionsOf(userId).catch(() => undefined);
  await refreshQueue(userId);
  snapshotUser = undefined;
  publishQueue(EMPTY_QUEUE);
}
