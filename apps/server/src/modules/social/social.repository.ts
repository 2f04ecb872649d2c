import type { SocialNetwork } from '@parlo/contract/social';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { socialSignIns, userConnections } from '../../db/schema.ts';
import type { ProviderProfile } from './social-provider.ts';

export type ConnectionRow = typeof userConnections.$inferSelect;
export type SignInRow = typeof socialSignIns.$inferSelect;

export async function findConnection(db: Database, network: SocialNetwork, subject: string) {
  const [row] = await db
    .select()
    .from(userConnections)
    .where(and(eq(userConnections.provider, network), eq(userConnections.subject, subject)))
    .limit(1);
  return row ?? null;
}

export async function connectionsOf(db: Database, userId: string): Promise<ConnectionRow[]> {
  return db
    .select()
    .from(userConnections)
    .where(eq(userConnections.userId, userId))
    .orderBy(asc(userConnections.linkedAt), asc(userConnections.id));
}

/** Null when the provider account or this provider of the learner is already linked (also under a race). */
export async function insertConnection(
  db: Database,
  userId: string,
  profile: ProviderProfile,
  now: Date,
): Promise<ConnectionRow | null> {
  const [row] = await db
    .insert(userConnections)
    .values({
      userId,
      provider: profile.network,
      subject: profile.subject,
      email: profile.email,
      linkedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function deleteConnection(db: Database, userId: string, network: SocialNetwork) {
  const deleted = await db
    .delete(userConnections)
    .where(and(eq(userConnections.userId, userId), eq(userConnections.provider, network)))
    .returning({ id: userConnections.id });
  return deleted.length > 0;
}

export async function saveSignInAttempt(db: Database, attempt: typeof socialSignIns.$inferInsert) {
  await db.insert(socialSignIns).values(attempt);
}

/**
 * Takes the attempt the provider's answer belongs to, once: of two answers with the same state (a replayed
 * code) only the first finds it.
 */
export async function useSignInAttempt(
  db: Database,
  stateHash: string,
  network: SocialNetwork,
  now: Date,
): Promise<SignInRow | null> {
  const [row] = await db
    .update(socialSignIns)
    .set({ usedAt: now })
    .where(
      and(
        eq(socialSignIns.stateHash, stateHash),
        eq(socialSignIns.provider, network),
        isNull(socialSignIns.usedAt),
        gt(socialSignIns.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

/** Keeps the provider's answer while the learner gives what a new account still needs. */
export async function keepPendingSignUp(
  db: Database,
  id: string,
  profile: ProviderProfile,
  completionHash: string,
  expiresAt: Date,
) {
  await db
    .update(socialSignIns)
    .set({ profile: { ...profile }, completionHash, expiresAt })
    .where(eq(socialSignIns.id, id));
}

export async function findPendingSignUp(db: Database, completionHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(socialSignIns)
    .where(and(eq(socialSignIns.completionHash, completionHash), gt(socialSignIns.expiresAt, now)))
    .limit(1);
  return row?.profile ? { id: row.id, profile: row.profile as unknown as ProviderProfile } : null;
}

export async function deleteSignInAttempt(db: Database, id: string) {
  await db.delete(socialSignIns).where(eq(socialSignIns.id, id));
}
