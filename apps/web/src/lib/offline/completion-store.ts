import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { CompletionStore, QueuedCompletion } from './completion-queue.ts';

interface ParloOfflineDb extends DBSchema {
  completions: { key: string; value: QueuedCompletion };
}

const DB_NAME = 'parlo-offline';
let opened: Promise<IDBPDatabase<ParloOfflineDb>> | undefined;

function database(): Promise<IDBPDatabase<ParloOfflineDb>> {
  opened ??= openDB<ParloOfflineDb>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('completions', { keyPath: 'key' });
    },
  });
  return opened;
}

/** The queue in IndexedDB: shared by every tab and the service worker, and it survives a closed tab. */
export const indexedDbCompletionStore: CompletionStore = {
  async all() {
    return (await database()).getAll('completions');
  },
  async put(entry) {
    await (await database()).put('completions', entry);
  },
  async remove(key) {
    await (await database()).delete('completions', key);
  },
};

/** Logout: the next learner on this device must not send (or see) this learner's runs. */
export async function forgetCompletionsOf(userId: string): Promise<void> {
  const db = await database();
  const tx = db.transaction('completions', 'readwrite');
  for (const entry of await tx.store.getAll()) {
    if (entry.userId === userId) await tx.store.delete(entry.key);
  }
  await tx.done;
}
