import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

interface RateLimitParams {
  groupId?: string;
  timeWindow?: number | unknown;
  routeInfo?: { method?: string | string[]; url?: string };
}

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A @fastify/rate-limit store kept in the database, so that every app instance behind a load balancer
 * counts the same attempts. One upsert per request: a fixed window per key.
 */
export function databaseRateLimitStore(db: Database) {
  return class DatabaseRateLimitStore {
    private readonly prefix: string;
    private readonly defaultWindowMs: number;

    constructor(params: RateLimitParams = {}) {
      this.defaultWindowMs = typeof params.timeWindow === 'number' ? params.timeWindow : 60_000;
      const route = params.routeInfo?.url
        ? `${String(params.routeInfo.method)} ${params.routeInfo.url}`
        : 'global';
      this.prefix = params.groupId ?? route;
    }

    // The plugin passes the window as a third argument, which its typings do not declare.
    incr(key: string, callback: IncrCallback, timeWindow?: number): void {
      consumeHit(db, `${this.prefix}|${key}`, timeWindow ?? this.defaultWindowMs).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    child(params: object) {
      return new DatabaseRateLimitStore(params as RateLimitParams);
    }
  };
}

/** Counts one hit on `key` in a fixed window of `windowMs`; answers the count so far and the ms left. */
export async function consumeHit(db: Database, key: string, windowMs: number) {
  const result = await db.execute(sql`
    insert into rate_limit_hits (key, count, window_ends_at)
    values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
    on conflict (key) do update set
      count = case when rate_limit_hits.window_ends_at <= now() then 1 else rate_limit_hits.count + 1 end,
      window_ends_at = case when rate_limit_hits.window_ends_at <= now()
        then now() + ${windowMs} * interval '1 millisecond' else rate_limit_hits.window_ends_at end
    returning count, greatest(0, (extract(epoch from window_ends_at - now()) * 1000))::int as ttl_ms`);
  // node-postgres and PGlite both answer with `rows`.
  const row = (result as unknown as { rows: Array<{ count: number; ttl_ms: number }> }).rows[0];
  return { current: Number(row?.count ?? 1), ttl: Number(row?.ttl_ms ?? windowMs) };
}

/** The hits counted on `key` in its current window (0 when none or the window has ended). */
export async function countHits(db: Database, key: string): Promise<{ current: number; ttl: number }> {
  const result = await db.execute(sql`
    select count, greatest(0, (extract(epoch from window_ends_at - now()) * 1000))::int as ttl_ms
    from rate_limit_hits where key = ${key} and window_ends_at > now()`);
  const row = (result as unknown as { rows: Array<{ count: number; ttl_ms: number }> }).rows[0];
  return { current: Number(row?.count ?? 0), ttl: Number(row?.ttl_ms ?? 0) };
}

export async function clearHits(db: Database, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limit_hits where key = ${key}`);
}
