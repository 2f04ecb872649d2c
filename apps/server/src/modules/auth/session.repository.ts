import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedStatement } from '../../lib/prepared-statement.ts';

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
const readActiveSession = preparedStatement<{
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
