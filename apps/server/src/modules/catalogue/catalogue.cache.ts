import {
  catalogueOutlineSchema,
  catalogueSchema,
  courseListSchema,
  type Catalogue,
} from '@parlo/contract/catalogue';
import type { Database } from '../../db/client.ts';
import { etagOf, prebuildJson, type PrebuiltJson } from '../../lib/prebuilt-json.ts';
import { loadCatalogue } from './catalogue.repository.ts';
import { contentRevisionReader, type ContentRevisionReader } from './content-revision.ts';

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
 * copy and, every `ttlMs`, asks the database for the content's revision (ADR 047), so an import by any
 * instance shows everywhere within that bound. Only when the revision moved is the catalogue read again,
 * and only when its content differs is it validated by the call's contract, serialised and compressed
 * again; requests are answered from those bytes. The ETag is a hash of the content, so all instances
 * agree on it. `revisions` is shared with the caches built from the same content (a lesson's exercises).
 */
export function catalogueCache(
  db: Database,
  now: () => Date,
  ttlMs = 30_000,
  revisions: ContentRevisionReader = contentRevisionReader(db, now),
) {
  type Kept = CachedCatalogue & { checkedAt: number; revision: number; sourceEtag: string };
  let cached: Kept | null = null;
  let loading: Promise<CachedCatalogue> | null = null;

  async function check(): Promise<CachedCatalogue> {
    // Read before the content, so a write between the two is seen by the next check.
    const revision = await revisions.current();
    if (cached && cached.revision === revision) {
      cached = { ...cached, checkedAt: now().getTime() };
      return cached;
    }
    return load(revision);
  }

  async function load(revision: number): Promise<CachedCatalogue> {
    const loaded = await loadCatalogue(db);
    const sourceEtag = etagOf(JSON.stringify(loaded));
    if (cached && cached.sourceEtag === sourceEtag) {
      cached = { ...cached, checkedAt: now().getTime(), revision };
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
      revision,
      checkedAt: now().getTime(),
    };
    return cached;
  }

  return {
    /** The reader of the content's revision this cache checks against, for the caches built beside it. */
    revisions,
    async get(): Promise<CachedCatalogue> {
      if (cached && now().getTime() - cached.checkedAt < ttlMs) return cached;
      // Concurrent requests after expiry share one check (and reload).
      loading ??= check().finally(() => {
        loading = null;
      });
      return loading;
    },
    /** After a content import on this instance: the next request rebuilds from the database. */
    invalidate() {
      revisions.forget();
      if (cached) cached = { ...cached, checkedAt: Number.NEGATIVE_INFINITY };
    },
  };
}
