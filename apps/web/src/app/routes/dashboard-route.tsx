import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '../../features/dashboard/api/dashboard.ts';
import { DashboardPage, type SettingsSlots } from '../../features/dashboard/components/dashboard-page.tsx';
import type { VoicePreviewSource } from '../../features/settings/components/voice-choice.tsx';
import { useLessonsAheadCache } from '../lessons-ahead.ts';
import { releaseHeader } from '../layout/header-after-dashboard.ts';
import { useSession } from '../../lib/session.ts';
import { Spinner } from '../../components/ui/spinner.tsx';

// The settings menu and panels (photo editor, push, connected accounts, the subscription's purchase
// dialog) open from the dashboard but are not its first screen: they load when asked for, so the
// topics and the greeting do not wait for them (issue 15, the dashboard's LCP).
const SettingsMenu = lazy(async () => ({
  default: (await import('../../features/settings/components/settings-menu.tsx')).SettingsMenu,
}));
const SettingsPanel = lazy(async () => ({
  default: (await import('../../features/settings/components/settings-panels.tsx')).SettingsPanel,
}));
const SubscriptionPanel = lazy(async () => ({
  default: (await import('../../features/billing/components/subscription-panel.tsx')).SubscriptionPanel,
}));

// The side column's cards from other features (Practice, the ad banner) are drawn after the greeting
// (DashboardPage), so their code, their contracts and their requests are not on its path either
// (issue 15, the dashboard's LCP; ADR 038). One chunk for both: the side column appears at once.
const PracticeCard = lazy(async () => ({
  default: (await import('./dashboard-side.ts')).PracticeCard,
}));
const BannerFrame = lazy(async () => ({
  default: (await import('./dashboard-side.ts')).BannerFrame,
}));

function Loading() {
  const { t } = useTranslation();
  return (
    <div className="panel-wait">
      <Spinner size="lg" label={t('common.loading')} />
    </div>
  );
}

const settings: SettingsSlots = {
  menu: (current) => (
    <Suspense fallback={<Loading />}>
      <SettingsMenu current={current} />
    </Suspense>
  ),
  panel: (panel, user, overview) => (
    <Suspense fallback={<Loading />}>
      <SettingsPanel
        panel={panel}
        user={user}
        subscription={<SubscriptionPanel freeLessonsLeft={overview?.freeLessonsLeft} />}
        voicePreview={voicePreviewOf(overview)}
      />
    </Suspense>
  ),
};

/**
 * The voice previews of the sounds panel say a phrase of the learner's current lesson (or of the course's
 * first lesson once the program is finished), in the course's language.
 */
function voicePreviewOf(overview: Dashboard | undefined): VoicePreviewSource | undefined {
  const course = overview?.course;
  if (!course) return undefined;
  const firstLesson = course.topics.flatMap((topic) => topic.lessons).find((lesson) => lesson.type === 0);
  const lessonId = overview.program?.currentLessonId ?? firstLesson?.id;
  return lessonId === undefined ? undefined : { courseLanguage: course.languageCode, lessonId };
}

/**
 * /dashboard: the dashboard feature's page with the settings feature's menu and panels (the billing
 * feature's subscription panel among them), the review feature's practice card (issue 16) and the ads
 * feature's banner frame (issue 11) composed into it (features do not import each other).
 */
export function DashboardRoute() {
  useLessonsAheadCache();
  useReleaseHeaderAfterGreeting();
  return <DashboardPage settings={settings} sideCard={<PracticeCard />} banner={<BannerFrame />} />;
}

/** The greeting renders with the learner: once that frame is painted, the header's code may load (ADR 035). */
function useReleaseHeaderAfterGreeting() {
  const signedIn = Boolean(useSession().data);
  useEffect(() => {
    if (!signedIn) return;
    let timer: number | undefined;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(releaseHeader, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [signedIn]);
}
