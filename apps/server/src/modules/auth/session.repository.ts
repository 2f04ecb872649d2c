import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';
import { namedStatement } from '../../lib/named-statement.ts';

/** A session that may be used now: not revoked, not expired. */
export interface ActiveSessionRow {
  sessionId: string;
  userId: string;
  expiresAt: Date;
}

/**
 * Every signed-in request whose session this instance does not hold reads it here (ADR 022), so the read is
 * a named statement (ADR 036): on PGlite it is parsed once, not parsed and planned per read (ADR 030). The
 * expiry comes back as epoch milliseconds, a number on both engines: PGlite and node-postgres would each
 * give a timestamp's text in the session's own format, and drizzle turned it into a Date. `now` is sent as
 * ISO text with its zone, as drizzle sent it.
 */
const readActiveSession = namedStatement<{
  session_id: string;
  user_id: string;
  expires_ms: number;
}>(
  'active_session',
  sql`select id as session_id, user_id,
    (extract(epoch from expires_at) * 1000)::float8 as expires_ms
  from "sessions"
  where token_hash = ${sql.placeholder('tokenHash')}::text
    and revoked_at is null
    and expires_at > ${sql.placeholder('now')}::timestamptz
  limit 1`,
);

/** The session of a token hash, or null when it is unknown, revoked or expired at `now`. */
export async function findActiveSessionByHash(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<ActiveSessionRow | null> {
  const [row] = await readActiveSession(db, { tokenHash, now: now.toISOString() });
  if (!row) return null;
  return { sessionId: row.session_id, userId: row.user_id, expiresAt: new Date(Number(row.expires_ms)) };
}

/** The channel every instance listens on for revocations made by any of them (issue 30). */
export const SESSION_REVOCATIONS_CHANNEL = 'parlo_session_revocations';

/** Announces a revocation to every listening instance; sent when the caller's transaction commits. */
export async function announceRevocation(db: Pick<Database, 'execute'>, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${SESSION_REVOCATIONS_CHANNEL}, ${payload})`);
}

/** Where each instance says it has applied a revocation: the announcement's nonce. */
export const SESSION_REVOCATION_ACKS_CHANNEL = 'parlo_session_revocation_acks';

export async function acknowledgeRevocation(db: Pick<Database, 'execute'>, nonce: string): Promise<void> {
  await db.execute(sql`select pg_notify(${SESSION_REVOCATION_ACKS_CHANNEL}, ${nonce})`);
}

/**
 * How many connections of this database listen for revocations: one per instance (db/listen.ts keeps
 * one connection per channel, whose last statement stays its LISTEN).
 */
export async function revocationListeners(db: Pick<Database, 'execute'>): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as listening from pg_stat_activity
    where datname = current_database() and query = ${`LISTEN ${SESSION_REVOCATIONS_CHANNEL}`}`);
  const [row] = (result as unknown as { rows: { listening: number }[] }).rows;
  return row?.listening ?? 0;
}

export async function insertSession(db: Database, session: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(session);
}

export async function markSessionRevoked(db: Database, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
}

/** Every session of the learner still open, but `keep` (the device that asked) when given. */
export async function markOtherSessionsRevoked(
  db: Database,
  userId: string,
  keep: string | null,
  now: Date,
): Promise<void> {
  const scope =
    keep === null ? eq(sessions.userId, userId) : and(eq(sessions.userId, userId), ne(sessions.id, keep));
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(scope, isNull(sessions.revokedAt)));
}
