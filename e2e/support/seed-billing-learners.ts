import type { Database } from '../../apps/server/src/db/client.ts';
import { sandboxSubscriptions, subscriptions } from '../../apps/server/src/db/schema.ts';
import { hashPassword } from '../../apps/server/src/modules/auth/password-hashing.ts';
import { createUser } from '../../apps/server/src/modules/users/users.repository.ts';
import { sandboxCustomerId } from '../../apps/server/src/modules/billing/sandbox-provider.ts';

/*
 * Learners for the billing spec (issue 29) in states the browser cannot reach without waiting days,
 * written before the server starts: one whose free week is over (no longer offered), and ones whose
 * renewal failed an hour ago (past_due, in the grace period), each with the sandbox's own books.
 */
const password = 'correct horse';

export const freeWeekUsedLearner = { email: 'week.used.tester@example.com', password } as const;
export const pastDueLearners = [0, 1].map((n) => ({ email: `past.due${n}.tester@example.com`, password }));

const DAY = 86_400;

async function createLearner(db: Database, email: string) {
  return createUser(
    db,
    { name: 'Billing Tester', age: 30, email, passwordHash: await hashPassword(password) },
    new Date(),
  );
}

export async function seedBillingLearners(db: Database): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  const used = await createLearner(db, freeWeekUsedLearner.email);
  if (used) {
    await db.insert(subscriptions).values({
      userId: used.id,
      planId: '1_month',
      status: 'expired',
      currentPeriodStart: now - 30 * DAY,
      currentPeriodEnd: now - 23 * DAY,
      trialEnd: now - 23 * DAY,
      provider: 'sandbox',
    });
  }
  for (const [n, learner] of pastDueLearners.entries()) {
    const user = await createLearner(db, learner.email);
    if (!user) continue;
    const id = `sub_sandbox_seeded_past_due_${n}`;
    const state = {
      planId: '1_month',
      status: 'past_due',
      currentPeriodStart: now - 3600,
      currentPeriodEnd: now - 3600 + 30 * DAY,
      trialEnd: null,
      cardLast4: '0341',
    };
    await db.insert(sandboxSubscriptions).values({
      id,
      customerId: sandboxCustomerId(user.id),
      ...state,
      cardFingerprint: `seeded-${n}`,
      cardBehaviour: 'renewals-fail',
      updatedAt: new Date(),
    });
    await db.insert(subscriptions).values({
      userId: user.id,
      provider: 'sandbox',
      providerSubscriptionId: id,
      providerCustomerId: sandboxCustomerId(user.id),
      ...state,
    });
  }
}
