import { me } from '@parlo/contract/accounts';
import { lessonExercises, languages as languagesCall } from '@parlo/contract/catalogue';
import { dashboard } from '@parlo/contract/learning';
import { useEffect } from 'react';
import { useDashboard } from '../features/dashboard/api/dashboard.ts';
import { lessonMediaUrls } from '../features/player/media.ts';
import { callUrl } from '../lib/api-client.ts';
import { cacheAhead, cacheMediaAhead } from '../lib/offline/cache-ahead.ts';
import { lessonsAhead } from '../lib/offline/lessons-ahead.ts';

const APP_DATA = [me, dashboard];

/**
 * The player reads the whole catalogue, so offline play needs it stored. The dashboard itself does not,
 * so it is read only once a service worker is active to answer from it — never on a browser without one
 * (nothing could serve it offline) and never before the dashboard's first paint.
 */
async function cacheCatalogueForOfflinePlay(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  await navigator.serviceWorker.ready;
  await cacheAhead([callUrl(languagesCall)]);
}

/**
 * Issue 17: once the dashboard knows the learner's program, the current and the next lesson — their
 * exercises, pictures and recordings — are stored for offline play. The app composes it because it needs
 * the dashboard's overview and the player's idea of a lesson's media.
 */
export function useLessonsAheadCache(): void {
  const overview = useDashboard();
  const lessonIds = lessonsAhead(overview.data?.program).join(',');
  // The lessons ahead are in the selected program: its language names the recordings.
  const courseLanguage = overview.data?.course?.languageCode;

  useEffect(() => {
    if (!lessonIds || !courseLanguage || !navigator.onLine) return;
    let cancelled = false;
    const ids = lessonIds.split(',').map(Number);
    void (async () => {
      // On the very first visit these were read before the service worker took over: store them too, so
      // the app can open signed in, with its dashboard, without a connection.
      await cacheAhead(APP_DATA.map((call) => callUrl(call)));
      void cacheCatalogueForOfflinePlay();
      const bodies = await cacheAhead(ids.map((lessonId) => callUrl(lessonExercises, { lessonId })));
      if (cancelled) return;
      const media = bodies.flatMap((body) => {
        // Read through the call's own contract, as callApi reads it: a body of another shape caches no media.
        const exercises = lessonExercises.response.safeParse(body);
        if (!exercises.success) return [];
        return lessonMediaUrls(exercises.data, courseLanguage);
      });
      await cacheMediaAhead(media);
    })();
    return () => {
      cancelled = true;
    };
  }, [lessonIds, courseLanguage]);
}
