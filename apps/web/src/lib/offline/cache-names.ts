/**
 * The Cache Storage names the service worker (src/sw.ts) and the page share (issue 17). The page fills
 * them ahead of time (lessons to play offline); the worker answers from them when the network is gone.
 */
export const OFFLINE_CACHES = {
  /** GET /api/… answers (network first): the session, catalogue, dashboard and the lessons ahead. */
  api: 'parlo-api-v1',
  /** Pictures and recordings (cache first: a phrase's address names its content). */
  media: 'parlo-media-v1',
} as const;

/** The Background Sync tag under which the worker sends queued lesson completions. */
export const COMPLETION_SYNC_TAG = 'parlo-completions';

/** Forgets everything cached for the signed-in learner (logout): the next learner must not see it. */
export async function clearLearnerCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(OFFLINE_CACHES.api).catch(() => false);
}
