import { createHash } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { loadCatalogue } from './catalogue.repository.ts';
import type { Catalogue } from '@parlo/contract/catalogue';

export interface CachedCatalogue {
  catalogue: Catalogue;
  /** Strong validator of the serialised catalogue, so unchanged content answers 304 on every instance. */
  etag: string;
}

/**
 * The catalogue changes only when content is imported, but is read on every visit. Each instance keeps one
 * copy for a short time; the ETag is a hash of the content, so all instances agree on it.
 */
export function catalogueCache(db: Database, now: () => Date, ttlMs = 30_000) {
  let cached: (CachedCatalogue & { loadedAt: number }) | null = null;
  let loading: Promise<CachedCatalogue> | null = null;

  async function load(): Promise<CachedCatalogue> {
    const catalogue = await loadCatalogue(db);
    const etag = `"${createHash('sha256').update(JSON.stringify(catalogue)).digest('base64url').slice(0, 27)}"`;
    cached = { catalogue, etag, loadedAt: now().getTime() };
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
    invalidate() {
      cached = null;
    },
  };
}
