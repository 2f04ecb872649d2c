import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPushSender, loadVapidKeys } from '../src/lib/push.ts';

import { readVapidKeys, vapidKeyStore } from '../src/modules/notifications/vapid-keys.repository.ts';
import { createTestApp, type TestApp } from './helper.ts';
import { startPushService } from './support/push-service.ts';

/** The push service here is web-push-testing on 127.0.0.1, which production would refuse (issue 30). */
const localPushService = { anyAddress: true };

// Issue 30: every instance on one database signs its pushes with one VAPID pair, kept in the database when
// the environment sets none. web-push-testing checks each push's VAPID signature against the key the
// subscription was made with, as real push services do.

const subject = 'mailto:tests@parlo.local';
let pushService: Awaited<ReturnType<typeof startPushService>>;
const dirs: string[] = [];
const emptyDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlo-vapid-'));
  dirs.push(dir);
  return dir;
};
const apps: TestApp[] = [];
const freshDatabase = async () => {
  const t = await createTestApp();
  apps.push(t);
  return t.database.db;
};

beforeAll(async () => {
  pushService = await startPushService();
});
afterAll(async () => {
  await pushService.close();
  for (const t of apps) await t.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the VAPID key pair', () => {
  it('is one pair for instances starting together, and a push from any of them verifies', async () => {
    const db = await freshDatabase();
    const instances = await Promise.all(
      [1, 2, 3].map(() => loadVapidKeys({ subject, dataDir: emptyDataDir(), store: vapidKeyStore(db) })),
    );
    const publicKeys = new Set(instances.map((keys) => keys.publicKey));
    expect(publicKeys.size).toBe(1);
    expect(await readVapidKeys(db)).toEqual({
      publicKey: instances[0]!.publicKey,
      privateKey: instances[0]!.privateKey,
    });
    // Nothing is kept per instance any more.
    for (const dir of dirs) expect(fs.readdirSync(dir)).toEqual([]);

    const device = await pushService.subscribe(instances[0]!.publicKey);
    for (const keys of instances) {
      expect(
        await createPushSender(keys, localPushService).send(device, JSON.stringify({ from: keys.publicKey })),
      ).toBe('delivered');
    }
    expect(await pushService.messages(device.clientHash)).toHaveLength(3);

    // A restart (or a fourth instance later) reads the same pair.
    const later = await loadVapidKeys({ subject, dataDir: emptyDataDir(), store: vapidKeyStore(db) });
    expect(later.publicKey).toBe(instances[0]!.publicKey);
  });

  it('takes over the pair an older Parlo kept in DATA_DIR, so its subscriptions keep working', async () => {
    const db = await freshDatabase();
    const kept = webPush.generateVAPIDKeys();
    const dataDir = emptyDataDir();
    fs.writeFileSync(path.join(dataDir, 'vapid-keys.json'), JSON.stringify(kept));
    const device = await pushService.subscribe(kept.publicKey);

    const upgraded = await loadVapidKeys({ subject, dataDir, store: vapidKeyStore(db) });
    expect(upgraded.publicKey).toBe(kept.publicKey);
    // Another instance, with no such file, signs with the same pair.
    const other = await loadVapidKeys({ subject, dataDir: emptyDataDir(), store: vapidKeyStore(db) });
    expect(other).toEqual({ ...kept, subject });
    expect(await createPushSender(other, localPushService).send(device, '"still subscribed"')).toBe(
      'delivered',
    );
    expect(await pushService.messages(device.clientHash)).toEqual(['"still subscribed"']);
  });

  it('uses the pair set in the environment and stores none', async () => {
    const db = await freshDatabase();
    const configured = webPush.generateVAPIDKeys();
    const keys = await loadVapidKeys({
      subject,
      dataDir: emptyDataDir(),
      store: vapidKeyStore(db),
      ...configured,
    });
    expect(keys).toEqual({ ...configured, subject });
    expect(await readVapidKeys(db)).toBeNull();
  });
});
