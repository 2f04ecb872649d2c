import { OFFLINE_CACHES } from './cache-names.ts';

/**
 * Stores API answers and media in the caches the service worker answers from offline (issue 17). Best
 * effort: a failure leaves that file to the network, and the lesson works online as before.
 */
export async function cacheAhead(apiUrls: readonly string[]): Promise<unknown[]> {
  if (typeof caches === 'undefined') return [];
  const cache = await caches.open(OFFLINE_CACHES.api);
  const bodies = await Promise.all(
    apiUrls.map(async (url) => {
      try {
        const response = await fetch(url, {
          credentials: 'same-origin',
          headers: { accept: 'application/json' },
        });
        if (!response.ok) return undefined;
        await cache.put(url, response.clone());
        return (await response.json()) as unknown;
      } catch {
        return undefined;
      }
    }),
  );
  return bodies;
}

/** Media files the cache does not hold yet, fetched a few at a time so a lesson's audio does not jam the line. */
export async function cacheMediaAhead(urls: readonly string[]): Promise<number> {
  if (typeof caches === 'undefined') return 0;
  const cache = await caches.open(OFFLINE_CACHES.media);
  const missing: string[] = [];
  for (const url of new Set(urls)) if (!(await cache.match(url))) missing.push(url);
  let stored = 0;
  for (let index = 0; index < missing.length; index += 4) {
    const results = await Promise.allSettled(missing.slice(index, index + 4).map((url) => cache.add(url)));
    stored += results.filter((result) => result.status === 'fulfilled').length;
  }
  return stored;
}
