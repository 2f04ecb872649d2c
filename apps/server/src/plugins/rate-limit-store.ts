import type { FastifyRateLimitOptions, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

interface RateLimitParams {
  groupId?: string;
  timeWindow?: number | unknown;
  routeInfo?: { method?: string | string[]; url?: string };
}

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * The @fastify/rate-limit store (ADR 016). Every limit a route declares itself (sign-in, registration,
 * password reset, social sign-in: the store's children) is counted in the database, so all instances
 * behind a load balancer count the same attempts and an attacker gains nothing by spreading guesses over
 * them. The general per-client limit (the plugin's root store) is counted
 * - on PostgreSQL, which several instances may share (`shareGeneralLimit`), in the database too (issue
 *   30): a client spreading requests over the instances meets one limit, not one per instance. One upsert
 *   per limited request;
 * - on PGlite, which one process owns, in this instance's memory: no database write per request.
 * Both stores are typed as the plugin's public store type: the declarations `tsc -b` writes for this
 * project cannot name an anonymous class's private fields.
 */
export function databaseRateLimitStore(
  db: Database,
  options: { shareGeneralLimit: boolean },
): FastifyRateLimitStoreCtor {
  if (options.shareGeneralLimit) return sharedRateLimitStore(db);
  return class GeneralRateLimitStore {
    private readonly counts: LocalCounts;

    constructor(params: RateLimitParams = {}) {
      this.counts = new LocalCounts(typeof params.timeWindow === 'number' ? params.timeWindow : 60_000);
    }

    // The plugin passes the window as a third argument, which its typings do not declare.
    incr(key: string, callback: IncrCallback, timeWindow?: number): void {
      callback(null, this.counts.hit(key, timeWindow));
    }

    child(params: object) {
      return new (sharedRateLimitStore(db))(params as FastifyRateLimitOptions);
    }
  };
}

/** Fixed windows kept in memory; at most `maxKeys` clients are remembered (the oldest are forgotten). */
export class LocalCounts {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  constructor(
    private readonly defaultWindowMs: number,
    private readonly maxKeys = 100_000,
    private readonly clock: () => number = Date.now,
  ) {}

  hit(key: string, windowMs = this.defaultWindowMs): { current: number; ttl: number } {
    const now = this.clock();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      this.windows.delete(key);
      if (this.windows.size >= this.maxKeys) this.forgetOldest(now);
      window = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { current: window.count, ttl: window.endsAt - now };
  }

  get size(): number {
    return this.windows.size;
  }

  /** Ended windows go first; if none has ended, the longest-kept client (Map order is insertion order). */
  private forgetOldest(now: number): void {
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
    if (this.windows.size >= this.maxKeys) this.windows.delete(this.windows.keys().next().value as string);
  }
}

/** The count every instance shares, in the database: a fixed window per key, one upsert per request. */
export function sharedRateLimitStore(db: Database): FastifyRateLimitStoreCtor {
  return class SharedRateLimitStore {
    private readonly prefix: string;
    private readonly defaultWindowMs: number;

    constructor(params: RateLimitParams = {}) {
      this.defaultWindowMs = typeof params.timeWindow === 'number' ? params.timeWindow : 60_000;
      const route = params.routeInfo?.url
        ? `${String(params.routeInfo.method)} ${params.routeInfo.url}`
        : 'global';
      this.prefix = params.groupId ?? route;
    }

    incr(key: string, callback: IncrCallback, timeWindow?: number): void {
      consumeHit(db, `${this.prefix}|${key}`, timeWindow ?? this.defaultWindowMs).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    child(params: object) {
      return new SharedRateLimitStore(params as RateLimitParams);
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
