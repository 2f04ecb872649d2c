import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { me as meCall } from '@parlo/contract/accounts';
import type { Database } from '../src/db/client.ts';
import { sessions } from '../src/db/schema.ts';
import { hashToken } from '../src/lib/tokens.ts';
import { SESSION_HOLD_MS } from '../src/modules/auth/recent-sessions.ts';
import { findActiveSessionByHash } from '../src/modules/auth/session.repository.ts';
import { SESSION_LIFETIME_MS, instanceSessions } from '../src/modules/auth/session.service.ts';
import { createTestApp, registerLearner, type SignedIn, type TestApp } from './helper.ts';
import { injectCall } from './support/inject-call.ts';
import { countStatements } from './support/statements.ts';

// ADR 036: the session read of every signed-in request not held by the instance (ADR 022) is the named
// statement `active_session`. These tests hold it to the query builder's read it replaced, on both engines,
// for a valid, an expired, a revoked and an unknown session, and check it runs by name.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The read before ADR 036, as drizzle's query builder made it. */
async function builderRead(db: Database, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ sessionId: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

async function bothReads(token: string, now: Date) {
  const tokenHash = hashToken(token);
  return {
    named: await findActiveSessionByHash(t.database.db, tokenHash, now),
    builder: await builderRead(t.database.db, tokenHash, now),
  };
}

const me = (learner: Pick<SignedIn, 'headers'>) => injectCall(t.app, meCall, { headers: learner.headers });

describe('the named session read', () => {
  it('answers a valid session exactly as the query builder did: ids as text, the expiry as a Date', async () => {
    const learner = await registerLearner(t.app);
    const { named, builder } = await bothReads(learner.token, t.clock.now);
    expect(builder).not.toBeNull();
    expect(named).toEqual(builder);
    expect(named?.expiresAt).toBeInstanceOf(Date);
    expect(named?.userId).toBe(learner.userId);
    expect(typeof named?.sessionId).toBe('string');
  });

  it('keeps the expiry to the millisecond, microseconds stored by SQL included', async () => {
    const learner = await registerLearner(t.app);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`'2099-03-04 05:06:07.123456+00'::timestamptz` })
      .where(eq(sessions.tokenHash, hashToken(learner.token)));
    const { named, builder } = await bothReads(learner.token, t.clock.now);
    expect(named?.expiresAt.getTime()).toBe(Date.UTC(2099, 2, 4, 5, 6, 7, 123));
    expect(named).toEqual(builder);
  });

  it('answers null for an expired session, and not a millisecond early', async () => {
    const learner = await registerLearner(t.app);
    const { named: valid } = await bothReads(learner.token, t.clock.now);
    const expiresAt = valid!.expiresAt.getTime();
    expect(expiresAt).toBe(t.clock.now.getTime() + SESSION_LIFETIME_MS);
    const before = await bothReads(learner.token, new Date(expiresAt - 1));
    expect(before.named).not.toBeNull();
    expect(before.named).toEqual(before.builder);
    for (const at of [expiresAt, expiresAt + 1, expiresAt + 86_400_000]) {
      const after = await bothReads(learner.token, new Date(at));
      expect(after).toEqual({ named: null, builder: null });
    }
  });

  it('answers null for a revoked and for an unknown session', async () => {
    const learner = await registerLearner(t.app);
    await t.database.db
      .update(sessions)
      .set({ revokedAt: t.clock.now })
      .where(eq(sessions.tokenHash, hashToken(learner.token)));
    expect(await bothReads(learner.token, t.clock.now)).toEqual({ named: null, builder: null });
    expect(await bothReads('no-such-token', t.clock.now)).toEqual({ named: null, builder: null });
  });

  it("gives the instance's sessions the same answers: valid, expired, revoked, unknown", async () => {
    const valid = await registerLearner(t.app);
    const revoked = await registerLearner(t.app);
    await t.database.db
      .update(sessions)
      .set({ revokedAt: t.clock.now })
      .where(eq(sessions.tokenHash, hashToken(revoked.token)));
    const found = instanceSessions(t.database.db, () => t.clock.now);
    expect(await found.find(valid.token)).toEqual({
      sessionId: (await bothReads(valid.token, t.clock.now)).builder?.sessionId,
      userId: valid.userId,
    });
    expect(await found.find(revoked.token)).toBeNull();
    expect(await found.find('no-such-token')).toBeNull();
    const later = instanceSessions(
      t.database.db,
      () => new Date(t.clock.now.getTime() + SESSION_LIFETIME_MS),
    );
    expect(await later.find(valid.token)).toBeNull();
  });

  it('runs on every signed-in request whose session is not held, and nothing else reads the sessions', async () => {
    const learner = await registerLearner(t.app);
    t.clock.advance(SESSION_HOLD_MS);
    const statements = await countStatements(async () => {
      expect((await me(learner)).statusCode).toBe(200);
      t.clock.advance(SESSION_HOLD_MS);
      expect((await me(learner)).statusCode).toBe(200);
    });
    const sessionReads = statements.filter((text) => /sessions|active_session/.test(text));
    expect(sessionReads).toEqual(['execute active_session', 'execute active_session']);
  });
});
