import type { StatusTier } from '@parlo/core/stats/status';
import type { Database } from '../../db/client.ts';
import type { RunNamed } from '../../lib/named-statement.ts';
import { readFreeLessonAllowance, readStatusTiers } from './learner-state.repository.ts';

/** The status tiers of a spoken language and the operator's free lessons per day. */
export interface LearningConfig {
  statusTiers: StatusTier[];
  freeLessonAllowance: number;
}

/**
 * The status tiers of each spoken language and the operator's free-lesson allowance, kept per instance for
 * the learning rules (ADR 034): they are the same for every learner and read on every overview and
 * completion. Tiers are written only by `ensureStatusTiers` (at start and at a
 * content import) and the allowance only by an operator in SQL, so each value is read again after `ttlMs`
 * — the catalogue's own bound (ADR 016) — and everything is dropped at once when this instance's catalogue
 * changes (an import). A failed read (database away) is not kept: the next request tries again. Nothing
 * about a learner is kept here.
 */
export function learningConfigCache(
  db: Database,
  now: () => Date,
  { ttlMs = 30_000 }: { ttlMs?: number } = {},
) {
  interface Entry<T> {
    value: Promise<T>;
    readAt: number;
  }
  const tiersByLanguage = new Map<number | null, Entry<readonly StatusTier[]>>();
  let allowance: Entry<number> | null = null;
  let catalogueSeen: unknown = null;

  /** A fresh entry, or a new read put in its place; a read that fails takes itself out again. */
  function fresh<T>(
    entry: Entry<T> | null | undefined,
    at: number,
    read: () => Promise<T>,
    keep: (entry: Entry<T> | null) => void,
    kept: () => Entry<T> | null | undefined,
  ): Promise<T> {
    if (entry && at - entry.readAt < ttlMs) return entry.value;
    const value = read();
    const next = { value, readAt: at };
    keep(next);
    value.catch(() => {
      if (kept() === next) keep(null);
    });
    return value;
  }

  return {
    /**
     * `catalogue`: the catalogue this request works with; a new one (an import) empties the cache.
     * `reader`: the request's transaction, if it has one, so a miss reads on it (PGlite has one connection).
     */
    async get(
      spokenLanguageId: number | null,
      catalogue: unknown,
      reader: Database | RunNamed = db,
    ): Promise<LearningConfig> {
      if (catalogue !== catalogueSeen) {
        tiersByLanguage.clear();
        allowance = null;
        catalogueSeen = catalogue;
      }
      const at = now().getTime();
      const [statusTiers, freeLessonAllowance] = await Promise.all([
        fresh(
          tiersByLanguage.get(spokenLanguageId),
          at,
          async () => Object.freeze(await readStatusTiers(reader, spokenLanguageId)),
          (entry) => {
            if (entry) tiersByLanguage.set(spokenLanguageId, entry);
            else tiersByLanguage.delete(spokenLanguageId);
          },
          () => tiersByLanguage.get(spokenLanguageId),
        ),
        fresh(
          allowance,
          at,
          () => readFreeLessonAllowance(reader),
          (entry) => {
            allowance = entry;
          },
          () => allowance,
        ),
      ]);
      // Each request gets its own array; the tiers themselves are never changed by a reader.
      return { statusTiers: [...statusTiers], freeLessonAllowance };
    },
  };
}
