import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, me, register } from '@parlo/contract/accounts';
import { languages } from '@parlo/contract/catalogue';
import { health } from '@parlo/contract/health';
import { leaderboard } from '@parlo/contract/leaderboard';
import { overview } from '@parlo/contract/learning';
import {
  adServes,
  emailVerificationTokens,
  passwordResetTokens,
  rateLimitHits,
  scheduledJobRuns,
  sessions,
  socialSignIns,
} from '../src/db/schema.ts';
import { KEEP_AD_SERVES_MS, KEEP_SPENT_MS, PRUNE_JOB, pruneExpiredRows } from '../src/jobs/prune.job.ts';
import { createTestApp, registerLearner, type TestApp } from './helper.ts';
import { injectCall } from './support/inject-call.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the hourly prune of expired rows (a scheduled job, ADR 004)', () => {
  it('deletes ended rate-limit windows, dead sessions and spent reset links, once per hour', async () => {
    const { db } = t.database;
    const now = new Date('2031-03-04T10:20:00Z');
    const longAgo = new Date(now.getTime() - KEEP_SPENT_MS - 60_000);
    await db.insert(rateLimitHits).values([
      { key: 'prune-test|ended', count: 3, windowEndsAt: new Date(now.getTime() - 1000) },
      { key: 'prune-test|open', count: 3, windowEndsAt: new Date(now.getTime() + 60_000) },
    ]);
    const kept = await registerLearner(t.app);
    const expired = await registerLearner(t.app);
    const revoked = await registerLearner(t.app);
    await db.update(sessions).set({ expiresAt: longAgo }).where(eq(sessions.userId, expired.userId));
    await db.update(sessions).set({ revokedAt: longAgo }).where(eq(sessions.userId, revoked.userId));
    // Sessions created now by the test's clock would count as expired in 2031: keep the live one valid.
    await db
      .update(sessions)
      .set({ expiresAt: new Date(now.getTime() + 86_400_000) })
      .where(eq(sessions.userId, kept.userId));
    await db.insert(passwordResetTokens).values([
      { userId: kept.userId, tokenHash: 'prune-expired', expiresAt: longAgo },
      {
        userId: kept.userId,
        tokenHash: 'prune-used',
        expiresAt: new Date(now.getTime() + 1),
        usedAt: longAgo,
      },
      { userId: kept.userId, tokenHash: 'prune-live', expiresAt: new Date(now.getTime() + 3_600_000) },
    ]);
    // Only the links below: the sign-up links of these learners would also have expired by 2031.
    await db
      .delete(emailVerificationTokens)
      .where(inArray(emailVerificationTokens.userId, [kept.userId, expired.userId, revoked.userId]));
    await db.insert(emailVerificationTokens).values([
      { userId: kept.userId, email: 'x@parlo.test', tokenHash: 'prune-v-expired', expiresAt: longAgo },
      {
        userId: kept.userId,
        email: 'x@parlo.test',
        tokenHash: 'prune-v-used',
        expiresAt: new Date(now.getTime() + 1),
        usedAt: longAgo,
      },
      {
        userId: kept.userId,
        email: 'x@parlo.test',
        tokenHash: 'prune-v-live',
        expiresAt: new Date(now.getTime() + 3_600_000),
      },
    ]);
    const signIn = { provider: 'g', purpose: 'sign-in', codeVerifier: 'v', nonce: 'n' };
    await db.insert(socialSignIns).values([
      { ...signIn, stateHash: 'prune-social-expired', expiresAt: new Date(now.getTime() - 1) },
      { ...signIn, stateHash: 'prune-social-live', expiresAt: new Date(now.getTime() + 600_000) },
    ]);

    expect(await pruneExpiredRows(db, now)).toBe('ran');
    const keys = (
      await db
        .select({ key: rateLimitHits.key })
        .from(rateLimitHits)
        .where(sql`${rateLimitHits.key} like 'prune-test|%'`)
    ).map((row) => row.key);
    expect(keys).toEqual(['prune-test|open']);
    const owners = (
      await db
        .select({ userId: sessions.userId })
        .from(sessions)
        .where(inArray(sessions.userId, [kept.userId, expired.userId, revoked.userId]))
    ).map((row) => row.userId);
    expect(owners).toEqual([kept.userId]);
    const links = (
      await db
        .select({ hash: passwordResetTokens.tokenHash })
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.userId, kept.userId))
    ).map((row) => row.hash);
    expect(links).toEqual(['prune-live']);
    const verifyLinks = await db
      .select({ hash: emailVerificationTokens.tokenHash })
      .from(emailVerificationTokens)
      .where(eq(emailVerificationTokens.userId, kept.userId));
    expect(verifyLinks.map((row) => row.hash)).toEqual(['prune-v-live']);
    const [run] = await db.select().from(scheduledJobRuns).where(eq(scheduledJobRuns.job, PRUNE_JOB));
    expect(run?.result).toMatchObject({
      rateLimitRows: expect.any(Number),
      sessions: 2,
      resetLinks: 2,
      verifyLinks: 2,
      socialSignIns: 1,
    });
    const signIns = await db.select({ hash: socialSignIns.stateHash }).from(socialSignIns);
    expect(signIns.map((row) => row.hash)).toEqual(['prune-social-live']);

    // A second instance checking in the same hour does nothing; the next hour runs again.
    expect(await pruneExpiredRows(db, new Date(now.getTime() + 30 * 60_000))).toBe('already-done');
    expect(await pruneExpiredRows(db, new Date(now.getTime() + 60 * 60_000))).toBe('ran');
  });
});

describe('the prune of old ad serves (ADR 010)', () => {
  it('deletes serves older than 90 days but keeps each learner’s newest full-screen serve', async () => {
    const { db } = t.database;
    const now = new Date('2032-06-01T08:20:00Z');
    const old = (days: number) => new Date(now.getTime() - KEEP_AD_SERVES_MS - days * 86_400_000);
    const ago = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const [ana, bo] = [await registerLearner(t.app), await registerLearner(t.app)];
    const serve = (
      userId: string,
      bannerId: string,
      placement: string,
      servedAt: Date,
      completionMark = 0,
    ) => ({
      userId,
      bannerId,
      placement,
      language: 'en',
      completionMark,
      servedAt,
    });
    await db
      .insert(adServes)
      .values([
        serve(ana.userId, 'old-banner', 'banner', old(1)),
        serve(ana.userId, 'old-modal', 'modal', old(5), 3),
        serve(ana.userId, 'newest-old-modal', 'modal', old(1), 7),
        serve(ana.userId, 'recent-banner', 'banner', ago(89)),
        serve(bo.userId, 'bo-old-modal', 'modal', old(2), 2),
        serve(bo.userId, 'bo-recent-modal', 'modal', ago(1), 9),
      ]);
    expect(await pruneExpiredRows(db, now)).toBe('ran');
    const left = await db
      .select({ bannerId: adServes.bannerId })
      .from(adServes)
      .where(inArray(adServes.userId, [ana.userId, bo.userId]));
    expect(left.map((row) => row.bannerId).sort()).toEqual([
      'bo-recent-modal',
      'newest-old-modal',
      'recent-banner',
    ]);
    const [run] = await db
      .select()
      .from(scheduledJobRuns)
      .where(sql`${scheduledJobRuns.job} = ${PRUNE_JOB} and ${scheduledJobRuns.slot} = '2032-06-01T08'`);
    expect(run?.result).toMatchObject({ adServes: 3 });
  });
});

describe('Cache-Control on personal answers', () => {
  it('marks every signed-in answer and every sign-in no-store, and leaves public ones alone', async () => {
    const learner = await registerLearner(t.app);
    const personal = [
      await injectCall(t.app, me, { headers: learner.headers }),
      await injectCall(t.app, overview, { headers: learner.headers }),
      await injectCall(t.app, leaderboard, { headers: learner.headers }),
      await injectCall(t.app, login, { body: { email: learner.email, password: learner.password } }),
    ];
    for (const response of personal) expect(response.headers['cache-control']).toBe('no-store');
    const signUp = await injectCall(t.app, register, {
      body: { name: 'Cache', age: 30, email: `cache${Date.now()}@example.com`, password: 'secret12' },
    });
    expect(signUp.headers['cache-control']).toBe('no-store');

    const catalogue = await injectCall(t.app, languages);
    expect(catalogue.headers['cache-control']).toBe('no-cache');
    const healthAnswer = await injectCall(t.app, health);
    expect(healthAnswer.headers['cache-control']).toBeUndefined();
  });
});
