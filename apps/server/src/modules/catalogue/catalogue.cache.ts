import {
  catalogueOutlineSchema,
  catalogueSchema,
  courseListSchema,
  type Catalogue,
} from '@parlo/contract/catalogue';
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
   * GET /api/languages/{languageId}/outline: each spoken language on its own without its HTML texts, with
   * its own ETag, so a client downloads and revalidates only the few KB it lists and navigates with
   * (ADR 025).
   */
  outlineBySpokenLanguage: ReadonlyMap<number, PrebuiltJson>;
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
    // The outline's schema strips the HTML texts (zod drops keys it does not declare), once per change.
    const [bytes, courses, ...outlines] = await Promise.all([
      prebuildJson(JSON.stringify(catalogue)),
      prebuildJson(JSON.stringify(courseListSchema.parse(catalogue))),
      ...catalogue.map((language) => prebuildJson(JSON.stringify(catalogueOutlineSchema.parse(language)))),
    ]);
    const outlineBySpokenLanguage = new Map(
      catalogue.map((language, index) => [language.id, outlines[index]!]),
    );
    cached = {
      catalogue,
      etag: bytes.etag,
      bytes,
      courses,
      outlineBySpokenLanguage,
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
