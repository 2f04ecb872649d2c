import { catalogueSchema, courseListSchema, type Catalogue } from '@parlo/contract/catalogue';
import type { Database } from '../../db/client.ts';
import { etagOf, prebuildJson, type PrebuiltJson } from '../../lib/prebuilt-json.ts';
import { loadCatalogue } from './catalogue.repository.ts';

export interface CachedCatalogue {
  catalogue: Catalogue;
  /** Strong validator of the serialised catalogue, so unchanged content answers 304 on every instance. */
  etag: string;
  /** GET /api/languages, validated by its contract once and compressed once (gzip, brotli). */
  bytes: PrebuiltJson;
  /** GET /api/courses: spoken languages → courses → programs, without topics and lessons. */
  courses: PrebuiltJson;
  /**
   * GET /api/languages?languageId=: each spoken language on its own (a list of one), with its own ETag, so
   * a learner downloads and revalidates only their part (ADR 025).
   */
  bySpokenLanguage: ReadonlyMap<number, PrebuiltJson>;
}

/**
 * The catalogue changes only when content is imported, but is read on every visit. Each instance keeps one
 * copy, checked against the database every `ttlMs` (so an import by any instance shows everywhere within
 * that bound). Only when the content differs is it validated by the call's contract, serialised and
 * compressed again; requests are answered from those bytes. The ETag is a hash of the content, so all
 * instances agree on it.
 */
export function catalogueCache(db: Database, now: () => Date, ttlMs = 30_000) {
  let cached: (CachedCatalogue & { loadedAt: number; sourceEtag: string }) | null = null;
  let loading: Promise<CachedCatalogue> | null = null;

  async function load(): Promise<CachedCatalogue> {
    const loaded = await loadCatalogue(db);
    const sourceEtag = etagOf(JSON.stringify(loaded));
    if (cached && cached.sourceEtag === sourceEtag) {
      cached = { ...cached, loadedAt: now().getTime() };
      return cached;
    }
    // The contract's schema checks (and shapes) what is served, once per content change.
    const catalogue = catalogueSchema.parse(loaded);
    // Each spoken language is serialised once; the whole document is the same parts joined, byte for byte
    // what JSON.stringify(catalogue) writes.
    const parts = catalogue.map((language) => JSON.stringify(language));
    const [bytes, courses, ...spoken] = await Promise.all([
      prebuildJson(`[${parts.join(',')}]`),
      prebuildJson(JSON.stringify(courseListSchema.parse(catalogue))),
      ...parts.map((part) => prebuildJson(`[${part}]`)),
    ]);
    const bySpokenLanguage = new Map(catalogue.map((language, index) => [language.id, spoken[index]!]));
    cached = {
      catalogue,
      etag: bytes.etag,
      bytes,
      courses,
      bySpokenLanguage,
      sourceEtag,
      loadedAt: now().getTime(),
    };
    return cached;
  }

  return {
    async get(): Promise<CachedCatalogue> {
      if (cached && now().getTime() - cached.loadedAt < ttlMs) return cached;
      // Concurrent requests after expiry share one reload.
      loading ??= load().finally(() => {
        loading = null;
      });
      return loading;
    },
    /** After a content import on this instance: the next request rebuilds from the database. */
    invalidate() {
      if (cached) cached = { ...cached, loadedAt: Number.NEGATIVE_INFINITY };
    },
  };
}
