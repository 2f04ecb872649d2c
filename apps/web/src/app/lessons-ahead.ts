import { dashboardRoute, sessionRoute } from '@parlo/contract/routes';
import { useEffect } from 'react';
import { useDashboard } from '../features/dashboard/api/dashboard.ts';
import { lessonMediaUrls } from '../features/player/media.ts';
import { callUrl } from '../lib/api-client.ts';
import { cacheAhead, cacheMediaAhead } from '../lib/offline/cache-ahead.ts';
import { lessonsAhead } from '../lib/offline/lessons-ahead.ts';
import { whenIdle } from '../lib/when-idle.ts';

const APP_DATA = [sessionRoute, dashboardRoute];

// The lesson call's contract (every exercise type's schema) is built in the idle task that stores the
// lessons, not with the dashboard's code before its greeting (ADR 044).
const catalogueContract = () => import('@parlo/contract/catalogue');

/**
 * Issue 17: once the dashboard knows the learner's program, the current and the next lesson — the lesson
 * call the player reads (exercises, topic, names: ADR 027), pictures and recordings — are stored for
 * offline play. The app composes it because it needs the dashboard's overview and the player's idea of a
 * lesson's media.
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
    const store = async () => {
      // On the very first visit these were read before the service worker took over: store them too, so
      // the app can open signed in, with its dashboard, without a connection.
      await cacheAhead(APP_DATA.map((call) => callUrl(call)));
      const { lessonToPlay } = await catalogueContract();
      const bodies = await cacheAhead(ids.map((lessonId) => callUrl(lessonToPlay, { lessonId })));
      if (cancelled) return;
      const media = bodies.flatMap((body) => {
        // Read through the call's own contract, as callApi reads it: a body of another shape caches no media.
        const lesson = lessonToPlay.response.safeParse(body);
        if (!lesson.success) return [];
        return lessonMediaUrls(lesson.data.exercises, courseLanguage);
      });
      await cacheMediaAhead(media);
    };
    // Background work: it starts once the browser is idle, after the dashboard's first paint and its
    // handlers (issue 15, the dashboard's total blocking time; ADR 035).
    const idle = whenIdle(() => void store());
    return () => {
      cancelled = true;
      idle.cancel();
    };
  }, [lessonIds, courseLanguage]);
}
