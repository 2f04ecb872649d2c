import { and, count, desc, eq, isNotNull, isNull, like, lte } from 'drizzle-orm';
import { leaderboardPlaceText } from '@parlo/core/reminders/reminder-texts';
import type { Database } from '../../db/client.ts';
import { leaderboardEntries, notifications, pushSubscriptions, settings } from '../../db/schema.ts';
import type { PushTarget } from '../../lib/push.ts';

/** The bell shows the newest ones; older ones still count in the badge's totals. */
export const NOTIFICATION_LIST_LIMIT = 50;

export async function addNotification(db: Database, userId: string, content: string, now: Date) {
  const [row] = await db
    .insert(notifications)
    .values({ userId, content, timestamp: Math.floor(now.getTime() / 1000) })
    .returning({ id: notifications.id });
  return row!.id;
}

/**
 * A notification that is said once only: a second call with the same key (a redelivered webhook, the job
 * and another instance storing the same change) adds nothing. True when this call added it.
 */
export async function addNotificationOnce(
  db: Database,
  userId: string,
  onceKey: string,
  content: string,
  now: Date,
): Promise<boolean> {
  const added = await db
    .insert(notifications)
    .values({ userId, content, onceKey, timestamp: Math.floor(now.getTime() / 1000) })
    .onConflictDoNothing({ target: [notifications.userId, notifications.onceKey] })
    .returning({ id: notifications.id });
  return added.length > 0;
}

/** Whether a once-only notification whose key starts with `prefix` was already said to the learner. */
export async function notifiedOnce(db: Database, userId: string, prefix: string): Promise<boolean> {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), like(notifications.onceKey, `${prefix}%`)))
    .limit(1);
  return row !== undefined;
}

export async function listNotifications(db: Database, userId: string) {
  const [rows, [totals], [readTotals]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.timestamp), desc(notifications.id))
      .limit(NOTIFICATION_LIST_LIMIT),
    db.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId)),
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNotNull(notifications.readAt))),
  ]);
  return {
    notifications: rows.map((row) => ({
      id: row.id,
      content: row.content,
      timestamp: row.timestamp,
      read: row.readAt !== null,
    })),
    total: totals?.n ?? 0,
    read: readTotals?.n ?? 0,
  };
}

export async function markNotificationsRead(db: Database, userId: string, upToId: number, now: Date) {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(eq(notifications.userId, userId), lte(notifications.id, upToId), isNull(notifications.readAt)),
    );
}

/** A device subscribing again (new keys, or another learner on the same browser) replaces its row. */
export async function savePushSubscription(db: Database, userId: string, target: PushTarget) {
  await db
    .insert(pushSubscriptions)
    .values({ userId, endpoint: target.endpoint, p256dh: target.keys.p256dh, auth: target.keys.auth })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: target.keys.p256dh, auth: target.keys.auth },
    });
}

export async function removePushSubscription(db: Database, userId: string, endpoint: string) {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

export async function pushTargetsOf(db: Database, userId: string): Promise<PushTarget[]> {
  const rows = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  return rows.map((row) => ({ endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } }));
}

/** The push service said the device is gone (404/410). */
export async function forgetPushEndpoint(db: Database, endpoint: string) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
}

/** Each learner on a day's leaderboard snapshot hears their place (in the job's transaction: once). */
export async function notifyLeaderboardPlaces(db: Database, day: string, now: Date): Promise<number> {
  const placed = await db
    .select({
      userId: leaderboardEntries.userId,
      order: leaderboardEntries.order,
      uiLanguage: settings.uiLanguage,
    })
    .from(leaderboardEntries)
    .innerJoin(settings, eq(settings.userId, leaderboardEntries.userId))
    .where(eq(leaderboardEntries.day, day));
  if (placed.length === 0) return 0;
  const timestamp = Math.floor(now.getTime() / 1000);
  await db.insert(notifications).values(
    placed.map((entry) => ({
      userId: entry.userId,
      content: leaderboardPlaceText(entry.uiLanguage, entry.order),
      timestamp,
    })),
  );
  return placed.length;
}
