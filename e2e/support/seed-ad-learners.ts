import { eq } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.ts';
import { subscriptions, users } from '../../apps/server/src/db/schema.ts';
import { hashPassword } from '../../apps/server/src/modules/auth/password-hashing.ts';
import { createUser } from '../../apps/server/src/modules/users/users.repository.ts';

/*
 * Learners for the ads spec (issue 11), written before the server starts (PGlite has one writer): one with
 * an active subscription (the server's own premium rule, not a browser flag), and free learners whose
 * accounts are eight days old, past the first week without ads (issue 29; one per attempt of the test),
 * and one such learner for the dashboard's ad banner.
 */
const password = 'correct horse';

export const premiumLearner = { email: 'premium.tester@example.com', password } as const;
export const veteranLearners = [0, 1, 2].map((n) => ({ email: `veteran${n}.tester@example.com`, password }));
export const dashboardVeterans = [0, 1].map((n) => ({ email: `dashboard${n}.tester@example.com`, password }));

async function createLearner(db: Database, name: string, email: string) {
  return createUser(db, { name, age: 30, email, passwordHash: await hashPassword(password) }, new Date());
}

export async function seedAdLearners(db: Database): Promise<void> {
  const premium = await createLearner(db, 'Premium Tester', premiumLearner.email);
  if (premium) {
    await db.insert(subscriptions).values({
      userId: premium.id,
      planId: '1_year',
      status: 'active',
      currentPeriodEnd: Math.floor(Date.now() / 1000) + 365 * 24 * 3600,
      provider: 'sandbox',
    });
  }
  const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3600 * 1000);
  for (const veteran of [...veteranLearners, ...dashboardVeterans]) {
    const user = await createLearner(db, 'Veteran Tester', veteran.email);
    if (user) await db.update(users).set({ createdAt: eightDaysAgo }).where(eq(users.id, user.id));
  }
}
