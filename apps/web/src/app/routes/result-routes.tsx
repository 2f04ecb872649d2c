import { LessonEndAds } from '../../features/ads/components/lesson-end-ads.tsx';
import { EndLessonPage } from '../../features/player/components/end-lesson-page.tsx';
import { SuccessfulPage, UnsuccessfulPage } from '../../features/player/components/result-pages.tsx';

/** The player's result screens with the ads feature's banner and full-screen ad (features do not import each other). */
export const EndLessonRoute = () => <EndLessonPage ads={<LessonEndAds />} />;
export const SuccessfulRoute = () => <SuccessfulPage ads={<LessonEndAds />} />;
export const UnsuccessfulRoute = () => <UnsuccessfulPage ads={<LessonEndAds />} />;
