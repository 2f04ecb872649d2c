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
 * - on PostgreSQL, which several instances may share (`shareGeneralLimit`), in this instance's memory and
 *   added to one shared row per client every second (issue 30, `SharedCounts`): a client spreading requests
 *   over the instances meets one limit, a second late at most, and a request costs no database write;
 * - on PGlite, which one process owns, in this instance's memory only.
 * `close()` stops the flushing (after a last flush). The stores are typed as the plugin's public store type:
 * the declarations `tsc -b` writes cannot name a class's private fields.
 */
export function databaseRateLimitStore(
  db: Database,
  options: { shareGeneralLimit: boolean },
): { Store: FastifyRateLimitStoreCtor; close: () => Promise<void> } {
  const shared = options.shareGeneralLimit
    ? new SharedCounts({
        consume: (key, windowMs) => consumeHit(db, key, windowMs),
        add: (hits) => addHits(db, hits),
      })
    : undefined;
  class GeneralRateLimitStore {
    private readonly counts: LocalCounts;
    private readonly windowMs: number;

    constructor(params: RateLimitParams = {}) {
      this.windowMs = typeof params.timeWindow === 'number' ? params.timeWindow : 60_000;
      this.counts = new LocalCounts(this.windowMs);
    }

    // The plugin passes the window as a third argument, which its typings do not declare.
    incr(key: string, callback: IncrCallback, timeWindow?: number): void {
      if (!shared) return callback(null, this.counts.hit(key, timeWindow));
      const counted = shared.hit(`global|${key}`, timeWindow ?? this.windowMs);
      if (!(counted instanceof Promise)) return callback(null, counted);
      counted.then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    child(params: object) {
      return new (sharedRateLimitStore(db))(params as FastifyRateLimitOptions);
    }
  }
  return { Store: GeneralRateLimitStore, close: async () => shared?.close() };
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

type Hit = { current: number; ttl: number };

/**
 * Counts shared by every instance without a database write per request: a client's first request in a
 * window reads and bumps the shared row (so this instance starts from what the others counted), later ones
 * are counted here and added to the row every `flushEveryMs`, which answers the total all instances have
 * added. A client spreading requests over instances is refused at most one flush late.
 */
export class SharedCounts {
  private readonly windows = new Map<string, { shared: number; pending: number; endsAt: number }>();
  private readonly timer: ReturnType<typeof setInterval>;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly database: {
      consume: (key: string, windowMs: number) => Promise<Hit>;
      add: (
        hits: ReadonlyArray<{ key: string; count: number; windowMs: number }>,
      ) => Promise<Map<string, Hit>>;
    },
    private readonly options: { flushEveryMs?: number; maxKeys?: number; clock?: () => number } = {},
  ) {
    this.timer = setInterval(() => void this.flush(), options.flushEveryMs ?? 1_000);
    this.timer.unref();
  }

  /** A count known here answers at once; a client new to this instance waits for the shared row. */
  hit(key: string, windowMs: number): Hit | Promise<Hit> {
    const now = this.now();
    const window = this.windows.get(key);
    if (window && window.endsAt > now) {
      window.pending += 1;
      return { current: window.shared + window.pending, ttl: window.endsAt - now };
    }
    this.windows.delete(key);
    return this.database.consume(key, windowMs).then((hit) => {
      const known = this.windows.get(key);
      // Two first requests raced: keep the higher shared count and what was counted meanwhile.
      if (known && known.endsAt > this.now()) known.shared = Math.max(known.shared, hit.current);
      else {
        this.forgetIfFull();
        this.windows.set(key, { shared: hit.current, pending: 0, endsAt: this.now() + hit.ttl });
      }
      return hit;
    });
  }

  get size(): number {
    return this.windows.size;
  }

  /** Adds what was counted here since the last flush to the shared rows; ended windows are forgotten. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      const now = this.now();
      const hits: Array<{ key: string; count: number; windowMs: number }> = [];
      for (const [key, window] of this.windows) {
        if (window.endsAt <= now) this.windows.delete(key);
        else if (window.pending > 0) hits.push({ key, count: window.pending, windowMs: window.endsAt - now });
      }
      if (hits.length === 0) return;
      const totals = new Map<string, Hit>();
      try {
        // A thousand clients per statement keeps it far below PostgreSQL's 65,535 parameters.
        for (let start = 0; start < hits.length; start += 1_000) {
          for (const [key, hit] of await this.database.add(hits.slice(start, start + 1_000)))
            totals.set(key, hit);
        }
      } catch {
        // The database is away: what was not added stays counted here and goes with the next flush.
      }
      for (const { key, count } of hits) {
        const window = this.windows.get(key);
        const total = totals.get(key);
        if (!window || !total) continue;
        window.pending -= count;
        window.shared = total.current;
        window.endsAt = this.now() + total.ttl;
      }
    });
    return this.flushing;
  }

  /** Stops the timer after a last flush. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private now(): number {
    return (this.options.clock ?? Date.now)();
  }

  private forgetIfFull(): void {
    if (this.windows.size < (this.options.maxKeys ?? 100_000)) return;
    const oldest = this.windows.keys().next().value;
    if (oldest !== undefined) this.windows.delete(oldest);
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

/** Adds several keys' counts in one statement; answers each key's total and the ms left of its window. */
export async function addHits(
  db: Database,
  hits: ReadonlyArray<{ key: string; count: number; windowMs: number }>,
): Promise<Map<string, Hit>> {
  const rows = hits.map(
    ({ key, count, windowMs }) =>
      sql`(${key}, ${count}::int, now() + ${windowMs} * interval '1 millisecond')`,
  );
  const result = await db.execute(sql`
    insert into rate_limit_hits (key, count, window_ends_at)
    values ${sql.join(rows, sql`, `)}
    on conflict (key) do update set
      count = case when rate_limit_hits.window_ends_at <= now() then excluded.count
        else rate_limit_hits.count + excluded.count end,
      window_ends_at = case when rate_limit_hits.window_ends_at <= now()
        then excluded.window_ends_at else rate_limit_hits.window_ends_at end
    returning key, count, greatest(0, (extract(epoch from window_ends_at - now()) * 1000))::int as ttl_ms`);
  const answered = (result as unknown as { rows: Array<{ key: string; count: number; ttl_ms: number }> })
    .rows;
  return new Map(answered.map((row) => [row.key, { current: Number(row.count), ttl: Number(row.ttl_ms) }]));
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
