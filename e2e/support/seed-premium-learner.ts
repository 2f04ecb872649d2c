import type { Database } from '../../apps/server/src/db/client.ts';
import { subscriptions } from '../../apps/server/src/db/schema.ts';
import { hashPassword } from '../../apps/server/src/modules/auth/password-hashing.ts';
import { createUser } from '../../apps/server/src/modules/users/users.repository.ts';

/**
 * A learner with an active subscription for the ads spec (issue 11), written before the server starts:
 * PGlite has one writer, and the subscription row is the server's own premium rule, not a browser flag.
 */
export const premiumLearner = {
  name: 'Premium Tester',
  age: 30,
  email: 'premium.tester@example.com',
  password: 'correct horse',
} as const;

export async function seedPremiumLearner(db: Database): Promise<void> {
  const { password, ...profile } = premiumLearner;
  const user = await createUser(db, { ...profile, passwordHash: await hashPassword(password) });
  if (!user) return;
  await db.insert(subscriptions).values({
    userId: user.id,
    planId: '1_year',
    status: 'active',
    currentPeriodEnd: Math.floor(Date.now() / 1000) + 365 * 24 * 3600,
    provider: 'sandbox',
  });
}
