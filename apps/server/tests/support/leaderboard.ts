import { leaderboard, type Leaderboard } from '@parlo/contract/leaderboard';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { statistics, users } from '../../src/db/schema.ts';
import type { SignedIn, TestApp } from '../helper.ts';
import { injectCall } from './inject-call.ts';

/** GET /api/leaderboard as the learner; fails the test unless it answers 200. */
export async function leaderboardOf(t: TestApp, learner: SignedIn): Promise<Leaderboard> {
  const response = await injectCall(t.app, leaderboard, { headers: learner.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.data;
}

/** Sets the learner's points and the time they last saved them, as a finished lesson would. */
export async function setPoints(t: TestApp, learner: SignedIn, points: number, timestamp: number) {
  await t.database.db
    .update(statistics)
    .set({ points, timestamp })
    .where(eq(statistics.userId, learner.userId));
}

/**
 * `size` learners with points, written as rows: registering them through the API would hash a password each.
 * Their e-mails are `${emailPrefix}crowd${index}@example.com`.
 */
export async function seedCrowd(
  t: TestApp,
  size: number,
  emailPrefix: string,
  score: (index: number) => { points: number; timestamp: number },
) {
  const crowd = await t.database.db
    .insert(users)
    .values(
      Array.from({ length: size }, (_, index) => ({
        name: `Crowd ${index}`,
        age: 30,
        email: `${emailPrefix}crowd${index}@example.com`,
      })),
    )
    .returning({ id: users.id });
  await t.database.db
    .insert(statistics)
    .values(crowd.map((row, index) => ({ userId: row.id, ...score(index) })));
}
