import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { vapidKeys } from '../../db/schema.ts';
import type { VapidKeyStore } from '../../lib/push.ts';

const PAIR_NAME = 'web-push';

export interface StoredVapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The deployment's key pair, or null before any instance stored one. */
export async function readVapidKeys(db: Database): Promise<StoredVapidKeys | null> {
  const [row] = await db
    .select({ publicKey: vapidKeys.publicKey, privateKey: vapidKeys.privateKey })
    .from(vapidKeys)
    .where(eq(vapidKeys.name, PAIR_NAME));
  return row ?? null;
}

/**
 * Stores `candidate` unless an instance stored a pair first, and answers the pair that is stored: several
 * instances starting at once each offer their own, and all of them go on with the one that won.
 */
export async function storeVapidKeysOnce(db: Database, candidate: StoredVapidKeys): Promise<StoredVapidKeys> {
  await db
    .insert(vapidKeys)
    .values({ name: PAIR_NAME, ...candidate })
    .onConflictDoNothing();
  const stored = await readVapidKeys(db);
  if (!stored) throw new Error('the VAPID key pair was neither stored nor found');
  return stored;
}

/** `loadVapidKeys`' store on this database. */
export function vapidKeyStore(db: Database): VapidKeyStore {
  return { read: () => readVapidKeys(db), storeOnce: (candidate) => storeVapidKeysOnce(db, candidate) };
}
