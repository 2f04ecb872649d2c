import { me } from '@parlo/contract/accounts';
import { lessonExercises, languages as languagesCall } from '@parlo/contract/catalogue';
import { overview } from '@parlo/contract/learning';
import { useEffect } from 'react';
import { useOverview } from '../features/dashboard/api/overview.ts';
import { findCourseContext } from '../features/player/course-context.ts';
import { lessonMediaUrls } from '../features/player/media.ts';
import { callUrl } from '../lib/api-client.ts';
import { useCatalogue } from '../lib/catalogue.ts';
import { cacheAhead, cacheMediaAhead } from '../lib/offline/cache-ahead.ts';
import { lessonsAhead } from '../lib/offline/lessons-ahead.ts';

const APP_DATA = [me, languagesCall, overview];

/**
 * Issue 17: once the dashboard knows the learner's program, the current and the next lesson — their
 * exercises, pictures and recordings — are stored for offline play. The app composes it because it needs
 * the dashboard's overview and the player's idea of a lesson's media.
 */
export function useLessonsAheadCache(): void {
  const overview = useOverview();
  const catalogue = useCatalogue();
  const lessonIds = lessonsAhead(overview.data?.program).join(',');
  const languages = catalogue.data;

  useEffect(() => {
    if (!lessonIds || !languages || !navigator.onLine) return;
    let cancelled = false;
    const ids = lessonIds.split(',').map(Number);
    void (async () => {
      // On the very first visit these were read before the service worker took over: store them too, so
      // the app can open signed in, with its catalogue and dashboard, without a connection.
      await cacheAhead(APP_DATA.map((call) => callUrl(call)));
      const bodies = await cacheAhead(ids.map((lessonId) => callUrl(lessonExercises, { lessonId })));
      if (cancelled) return;
      const media = bodies.flatMap((body, index) => {
        // Read through the call's own contract, as callApi reads it: a body of another shape caches no media.
        const exercises = lessonExercises.response.safeParse(body);
        if (!exercises.success) return [];
        const courseLanguage = findCourseContext(languages, { lessonId: ids[index] })?.program.languageCode;
        return lessonMediaUrls(exercises.data, courseLanguage);
      });
      await cacheMediaAhead(media);
    })();
    return () => {
      cancelled = true;
    };
  }, [lessonIds, languages]);
}
