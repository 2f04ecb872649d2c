import { afterEach, describe, expect, it } from 'vitest';
import { SharedCounts } from './rate-limit-store.ts';

type Hit = { current: number; ttl: number };

/** A shared table in memory, as `consumeHit`/`addHits` keep it in the database (one window per key). */
function fakeDatabase(clock: () => number) {
  const rows = new Map<string, { count: number; endsAt: number }>();
  const writes: string[] = [];
  let away = false;
  const bump = (key: string, count: number, windowMs: number): Hit => {
    const row = rows.get(key);
    const now = clock();
    if (!row || row.endsAt <= now) rows.set(key, { count, endsAt: now + windowMs });
    else row.count += count;
    const kept = rows.get(key)!;
    return { current: kept.count, ttl: kept.endsAt - now };
  };
  return {
    rows,
    writes,
    goAway: (value: boolean) => (away = value),
    consume: async (key: string, windowMs: number) => {
      if (away) throw new Error('database away');
      writes.push(`consume ${key}`);
      return bump(key, 1, windowMs);
    },
    add: async (hits: ReadonlyArray<{ key: string; count: number; windowMs: number }>) => {
      if (away) throw new Error('database away');
      writes.push(`add ${hits.map((hit) => `${hit.key}+${hit.count}`).join(',')}`);
      return new Map(hits.map((hit) => [hit.key, bump(hit.key, hit.count, hit.windowMs)]));
    },
  };
}

const opened: SharedCounts[] = [];
afterEach(async () => {
  for (const counts of opened.splice(0)) await counts.close();
});

function instance(database: ReturnType<typeof fakeDatabase>, clock: () => number) {
  // A flush only when the test asks (an hour's timer never fires in a test).
  const counts = new SharedCounts(database, { flushEveryMs: 3_600_000, clock });
  opened.push(counts);
  return counts;
}

describe('SharedCounts: the general limit shared by instances without a write per request', () => {
  it("reads the shared row on a client's first request and counts the rest in memory", async () => {
    let now = 0;
    const database = fakeDatabase(() => now);
    const counts = instance(database, () => now);
    expect(await counts.hit('a', 60_000)).toEqual({ current: 1, ttl: 60_000 });
    now = 1_000;
    expect(counts.hit('a', 60_000)).toEqual({ current: 2, ttl: 59_000 });
    expect(counts.hit('a', 60_000)).toEqual({ current: 3, ttl: 59_000 });
    expect(database.writes).toEqual(['consume a']);
    await counts.flush();
    expect(database.writes).toEqual(['consume a', 'add a+2']);
    expect(database.rows.get('a')?.count).toBe(3);
    // Nothing new: a flush writes nothing.
    await counts.flush();
    expect(database.writes).toHaveLength(2);
  });

  it('adds up what two instances counted, so a client spreading requests meets one limit', async () => {
    const now = 0;
    const database = fakeDatabase(() => now);
    const first = instance(database, () => now);
    const second = instance(database, () => now);
    await first.hit('client', 60_000);
    first.hit('client', 60_000);
    first.hit('client', 60_000);
    await first.flush();
    // The second instance starts from the three the first one counted.
    expect(await second.hit('client', 60_000)).toMatchObject({ current: 4 });
    expect(second.hit('client', 60_000)).toMatchObject({ current: 5 });
    first.hit('client', 60_000);
    await first.flush();
    await second.flush();
    expect(database.rows.get('client')?.count).toBe(6);
    // Each instance knows the total as of its own last flush: the first one flushed before the second.
    expect(first.hit('client', 60_000)).toMatchObject({ current: 6 });
    expect(second.hit('client', 60_000)).toMatchObject({ current: 7 });
    await first.flush();
    await second.flush();
    expect(database.rows.get('client')?.count).toBe(8);
  });

  it('starts a new window once the old one has ended, and forgets ended ones on a flush', async () => {
    let now = 0;
    const database = fakeDatabase(() => now);
    const counts = instance(database, () => now);
    await counts.hit('a', 1_000);
    counts.hit('a', 1_000);
    now = 1_500;
    await counts.flush();
    expect(counts.size).toBe(0);
    expect(await counts.hit('a', 1_000)).toEqual({ current: 1, ttl: 1_000 });
  });

  it('keeps the counts while the database is away and adds them once it is back', async () => {
    const now = 0;
    const database = fakeDatabase(() => now);
    const counts = instance(database, () => now);
    await counts.hit('a', 60_000);
    counts.hit('a', 60_000);
    database.goAway(true);
    await counts.flush();
    counts.hit('a', 60_000);
    database.goAway(false);
    await counts.flush();
    expect(database.rows.get('a')?.count).toBe(3);
  });

  it('refuses the first request of a client when the database is away (the plugin lets it through)', async () => {
    const database = fakeDatabase(() => 0);
    const counts = instance(database, () => 0);
    database.goAway(true);
    await expect(counts.hit('a', 60_000)).rejects.toThrow('database away');
  });

  it('remembers at most maxKeys clients', async () => {
    const database = fakeDatabase(() => 0);
    const counts = new SharedCounts(database, { flushEveryMs: 3_600_000, maxKeys: 2, clock: () => 0 });
    opened.push(counts);
    for (const key of ['a', 'b', 'c']) await counts.hit(key, 60_000);
    expect(counts.size).toBe(2);
  });
});
