import type { Database } from '../../db/client.ts';
import { readContentRevision } from './catalogue.repository.ts';

/**
 * The content's revision as this instance last read it, shared by every cache built from content (the
 * catalogue, a lesson's exercises, a completion's exercises; ADR 047). A cache whose entry has outlived its
 * bound asks `current()`: an unchanged revision renews the entry, so an unchanged catalogue is never read,
 * validated and compressed again. Reads are shared: concurrent askers and askers within `shareMs` of a
 * read get the same one, so many entries expiring together cost one small query, and the bound a cache
 * promises grows by at most `shareMs`. A failed read (database away) is not kept.
 */
export function contentRevisionReader(
  db: Database,
  now: () => Date,
  { shareMs = 1_000 }: { shareMs?: number } = {},
) {
  let last: { revision: Promise<number>; readAt: number } | null = null;
  return {
    current(): Promise<number> {
      const at = now().getTime();
      if (last && at - last.readAt < shareMs) return last.revision;
      const read = { revision: readContentRevision(db), readAt: at };
      last = read;
      read.revision.catch(() => {
        if (last === read) last = null;
      });
      return read.revision;
    },
    /** After an import on this instance: the next question reads the database. */
    forget(): void {
      last = null;
    },
  };
}

export type ContentRevisionReader = ReturnType<typeof contentRevisionReader>;

/**
 * Values built from content, one per key (a lesson's id), each checked against the content's revision once
 * it has outlived `ttlMs`: unchanged, the value is kept for another `ttlMs`; changed, it is built again.
 * Bounded: at most `maxEntries`, the least recently asked for go first. A failed build or check (database
 * away) is not kept: the next request tries again.
 */
export function contentEntries<V>(
  revisions: ContentRevisionReader,
  now: () => Date,
  { ttlMs, maxEntries }: { ttlMs: number; maxEntries: number },
) {
  interface Entry {
    value: Promise<V>;
    /** The revision read before the value was built (or last found unchanged). */
    revision: Promise<number>;
    checkedAt: number;
  }
  const entries = new Map<number, Entry>();

  return {
    get(key: number, build: () => Promise<V>): Promise<V> {
      const at = now().getTime();
      const entry = entries.get(key);
      // Most recently asked for last, so the oldest is first to go.
      entries.delete(key);
      if (entry && at - entry.checkedAt < ttlMs) {
        entries.set(key, entry);
        return entry.value;
      }
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as number);
      const revision = revisions.current();
      const value = entry
        ? Promise.all([revision, entry.revision]).then(([current, builtAt]) =>
            current === builtAt ? entry.value : build(),
          )
        : revision.then(build);
      const next: Entry = { value, revision, checkedAt: at };
      entries.set(key, next);
      value.catch(() => {
        if (entries.get(key) === next) entries.delete(key);
      });
      return value;
    },
    clear(): void {
      entries.clear();
    },
  };
}
