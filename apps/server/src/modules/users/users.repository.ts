import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { learningProgress, settings, statistics, userConnections, users } from '../../db/schema.ts';
import { premiumSubscription } from '../billing/billing.repository.ts';
import type { PublicUserRecord } from '@parlo/contract/accounts';
import { zoneOffsetAt } from '@parlo/core/time/time-zone';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}

/** The interface language the learner last chose (for mails), 'en' when they have no settings row. */
export async function findInterfaceLanguage(db: Database, userId: string): Promise<string> {
  const [row] = await db
    .select({ uiLanguage: settings.uiLanguage })
    .from(settings)
    .where(eq(settings.userId, userId))
    .limit(1);
  return row?.uiLanguage ?? 'en';
}

/** The learner's interface language and time zone: how a date written for them should read. */
export async function findLearnerLocale(
  db: Database,
  userId: string,
): Promise<{ uiLanguage: string; timeZone: string }> {
  const [row] = await db
    .select({ uiLanguage: settings.uiLanguage, timeZone: settings.timeZone })
    .from(settings)
    .where(eq(settings.userId, userId))
    .limit(1);
  return row ?? { uiLanguage: 'en', timeZone: 'UTC' };
}

export async function findUserById(db: Database, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/**
 * A user is created with their statistics, settings and learning progress in one transaction, so no
 * reader ever sees a half-made account. Returns null when the e-mail is taken (also under a race).
 */
export async function createUser(
  db: Database,
  input: {
    name: string;
    age: number;
    email: string;
    /** Null for an account made by social sign-in. */
    passwordHash: string | null;
    uiLanguage?: string;
    /** The browser's IANA zone at sign-up (checked by the contract); absent, the account starts in UTC. */
    timeZone?: string;
    /** The provider account it was made with, linked in the same transaction. */
    connection?: { provider: string; subject: string; email: string | null };
    /** Set when a provider vouches for the e-mail (Google's email_verified); null: a link confirms it. */
    emailVerifiedAt?: Date | null;
  },
  now: Date,
): Promise<UserRow | null> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        name: input.name,
        age: input.age,
        email: input.email,
        passwordHash: input.passwordHash,
        emailVerifiedAt: input.emailVerifiedAt ?? null,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!user) return null;
    await tx.insert(statistics).values({ userId: user.id });
    await tx.insert(settings).values({
      userId: user.id,
      ...(input.uiLanguage ? { uiLanguage: input.uiLanguage } : {}),
      // As the settings change keeps it: the zone, and the offset in force in it now.
      ...(input.timeZone
        ? { timeZone: input.timeZone, zoneOffset: zoneOffsetAt(input.timeZone, now.getTime()) }
        : {}),
    });
    await tx.insert(learningProgress).values({ userId: user.id });
    if (input.connection) await tx.insert(userConnections).values({ userId: user.id, ...input.connection });
    return user;
  });
}

export async function updateUser(
  db: Database,
  id: string,
  change: Partial<Pick<UserRow, 'name' | 'age' | 'avatar' | 'passwordHash'>>,
  now: Date,
): Promise<void> {
  await db
    .update(users)
    .set({ ...change, updatedAt: now })
    .where(eq(users.id, id));
}

/** The user as the API shows it: with statistics, settings and learning progress (SPEC §7 GET users/{id}). */
export async function loadPublicUser(db: Database, id: string, now: Date): Promise<PublicUserRecord | null> {
  const user = await findUserById(db, id);
  if (!user) return null;
  const [[stats], [prefs], [progress], [subscription], [connection]] = await Promise.all([
    db.select().from(statistics).where(eq(statistics.userId, id)).limit(1),
    db.select().from(settings).where(eq(settings.userId, id)).limit(1),
    db.select().from(learningProgress).where(eq(learningProgress.userId, id)).limit(1),
    // The subscription that gives access now, if any (billing decides what 'premium' means).
    premiumSubscription(db, id, now).then((subscription) => [subscription]),
    // SPEC §3 network: the provider the account was first linked with.
    db
      .select({ provider: userConnections.provider })
      .from(userConnections)
      .where(eq(userConnections.userId, id))
      .orderBy(asc(userConnections.linkedAt), asc(userConnections.id))
      .limit(1),
  ]);
  if (!stats || !prefs || !progress)
    throw new Error(`user ${id} is missing statistics, settings or progress`);
  return {
    id: user.id,
    name: user.name,
    age: user.age,
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    avatar: user.avatar,
    subscriptionId: subscription?.id ?? null,
    network: connection?.provider ?? null,
    skillLevel: user.skillLevel,
    learnedPackageId: user.learnedPackageId,
    spokenLanguageId: user.spokenLanguageId,
    statistics: stats,
    settings: publicSettings(prefs),
    learningProgress: progress,
  };
}

/** The settings row as the API shows it: the unsubscribe secret stays on the server. */
export function publicSettings<Row extends { uiLanguage: string; reminderMailToken: string | null }>(
  row: Row,
) {
  const { reminderMailToken: _secret, ...shown } = row;
  return { ...shown, uiLanguage: shown.uiLanguage as PublicUserRecord['settings']['uiLanguage'] };
}
