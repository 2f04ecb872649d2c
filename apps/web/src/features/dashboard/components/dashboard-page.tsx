import './dashboard.css';
import { lazy, Suspense, useDeferredValue, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FlameIcon } from '../../../components/ui/icons.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { FullPageSpinner, Spinner } from '../../../components/ui/spinner.tsx';
import { useSession, type SessionUser } from '../../../lib/session.ts';
import { useDashboard, type Dashboard } from '../api/dashboard.ts';
import type { Overview } from '../api/overview.ts';
import { dashboardStateFrom, type LeftPanel } from '../../../lib/dashboard-panels.ts';
import { CrownIcon, ListIcon, RoadIcon } from '../../../components/ui/learning-icons.tsx';
import { LeaderboardPanel } from './leaderboard-panel.tsx';
import { StatusPanel } from './status-panel.tsx';
import { StatusRoadPanel } from './status-road-panel.tsx';
import { TopicsPanel } from './topics-panel.tsx';
import { useDashboardNavigate } from '../../../lib/use-dashboard-navigate.ts';
import { paths } from '../../../config/paths.ts';

// The topic rules panel (and the HTML sanitiser) loads when opened, not with the first screen.
const TopicRulesPanel = lazy(async () => ({
  default: (await import('./topic-rules-panel.tsx')).TopicRulesPanel,
}));

// Matches dashboard.css: below this width the settings menu and the panel stack in one column.
const PANELS_STACKED = '(max-width: 959px)';

const mainTabs = [
  { panel: 'dashboard', icon: <ListIcon /> },
  { panel: 'ratings', icon: <CrownIcon /> },
  { panel: 'userstatus', icon: <RoadIcon /> },
] as const satisfies readonly { panel: LeftPanel; icon: ReactNode }[];

/** The settings screens live in features/settings; the app hands them in, features do not import each other. */
export interface SettingsSlots {
  menu: (current: LeftPanel) => ReactNode;
  panel: (panel: LeftPanel, user: SessionUser, overview: Dashboard | undefined) => ReactNode;
}

/**
 * The signed-in home (/dashboard, and / or /main for a signed-in learner). Navigation state picks the
 * left panel (topics, ratings, status road or a setting) and the right one (status or settings menu).
 */
export function DashboardPage({
  settings,
  sideCard,
  banner,
}: {
  settings: SettingsSlots;
  sideCard?: ReactNode;
  /** The ads feature's banner frame (issue 11), last in the side column. */
  banner?: ReactNode;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const { data: user } = useSession();
  const overview = useDashboard();
  const { leftPanel, rightPanel, notice } = dashboardStateFrom(location.state);
  useRevealChosenSetting(leftPanel, rightPanel);
  const sideShown = useSideAfterGreeting();

  if (!user) return <FullPageSpinner label={t('common.loading')} />;
  // The topic rules are read from the topics, so the way back to them stays in view.
  const isMainPanel = leftPanel === 'topic-rules' || mainTabs.some((tab) => tab.panel === leftPanel);

  return (
    <Page title={t('dashboard.title')} width="wide" hideHeading>
      <div className="dashboard">
        <div className="dashboard__greeting">
          <h1 className="dashboard__title">{t('dashboard.greeting', { name: user.name })}</h1>
          <div className="dashboard__chips">
            <p className="pill pill--flame">
              <FlameIcon />
              {t('dashboard.streakChip', {
                days: t('common.days', {
                  count: overview.data?.statistics.daysContinuous ?? user.statistics.daysContinuous,
                }),
              })}
            </p>
            <FreeLessonsChip overview={overview.data} />
          </div>
        </div>
        {notice === 'reminders-saved' ? (
          <Alert tone="success">{t('onboarding.reminders.saved')}</Alert>
        ) : null}
        <div className={`dashboard__grid${rightPanel === 'settings' ? ' dashboard__grid--settings' : ''}`}>
          <Card as="section" padding="lg" className="dashboard__main" aria-labelledby="panel-title">
            {isMainPanel ? <MainTabs current={leftPanel} /> : null}
            <h2 className="panel-title" id="panel-title" tabIndex={-1}>
              {t(`dashboard.panel.${leftPanel}`)}
            </h2>
            {leftPanel === 'dashboard' ? (
              <TopicsPanel />
            ) : leftPanel === 'ratings' ? (
              <LeaderboardPanel user={user} />
            ) : leftPanel === 'userstatus' ? (
              <StatusRoadPanel />
            ) : leftPanel === 'topic-rules' ? (
              <Suspense
                fallback={
                  <div className="panel-wait">
                    <Spinner size="lg" label={t('common.loading')} />
                  </div>
                }
              >
                <TopicRulesPanel />
              </Suspense>
            ) : (
              settings.panel(leftPanel, user, overview.data)
            )}
          </Card>
          <div className="dashboard__side">
            {sideShown ? (
              // One boundary: the cards whose code is still loading appear together, nothing moves down.
              <Suspense fallback={null}>
                {rightPanel === 'settings' ? (
                  settings.menu(leftPanel)
                ) : (
                  <>
                    {sideCard}
                    <StatusPanel user={user} />
                  </>
                )}
                {banner}
              </Suspense>
            ) : null}
          </div>
        </div>
      </div>
    </Page>
  );
}

// The first dashboard of a page load draws its side column after the greeting; a later one (back from a
// lesson) draws it at once, so a restored scroll position has its page to return to.
let firstSideOfLoad = true;

/**
 * The side column (Practice, the status panel, the ad banner) on the first dashboard of a load follows the
 * greeting in useDeferredValue's background render, as the later topics do: its cards, their code (loaded
 * by the app when first drawn) and their requests are not on the greeting's path (issue 15; ADR 038).
 * It sits beside the topics on a wide screen and below them on a phone: nothing on screen moves.
 */
function useSideAfterGreeting(): boolean {
  const [stepwise] = useState(() => firstSideOfLoad);
  const shown = useDeferredValue(true, !stepwise);
  useEffect(() => {
    if (shown) firstSideOfLoad = false;
  }, [shown]);
  return shown;
}

/**
 * On a phone the settings menu sits above the panel it opens, so a tap would change something below the
 * fold and look dead: bring the chosen panel's heading into view and give it the focus.
 */
function useRevealChosenSetting(leftPanel: LeftPanel, rightPanel: string) {
  const shown = useRef(leftPanel);
  useEffect(() => {
    if (shown.current === leftPanel) return;
    shown.current = leftPanel;
    if (rightPanel !== 'settings' || !window.matchMedia(PANELS_STACKED).matches) return;
    const heading = document.getElementById('panel-title');
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    heading?.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
    heading?.focus({ preventScroll: true });
  }, [leftPanel, rightPanel]);
}

function MainTabs({ current }: { current: LeftPanel }) {
  const { t } = useTranslation();
  const open = useDashboardNavigate();
  return (
    <nav className="dashboard-tabs" aria-label={t('dashboard.sections')}>
      {mainTabs.map((tab) => (
        <button
          key={tab.panel}
          type="button"
          className={`dashboard-tabs__tab${current === tab.panel ? ' dashboard-tabs__tab--active' : ''}`}
          aria-current={current === tab.panel ? 'page' : undefined}
          onClick={() => open(tab.panel)}
        >
          {tab.icon}
          <span>{t(`dashboard.tab.${tab.panel}`)}</span>
        </button>
      ))}
    </nav>
  );
}

/** SPEC §4 free lessons: how many are left today; Premium learners have no limit. */
function FreeLessonsChip({ overview }: { overview: Overview | undefined }) {
  const { t } = useTranslation();
  if (!overview) {
    // The free-lesson count holds its place (it wraps to a line of its own on a phone) until it arrives.
    return (
      <p className="pill pill--brand placeholder" aria-hidden="true">
        {t('dashboard.freeLeftChip', { lessons: t('common.freeLessons', { count: 2 }) })}
      </p>
    );
  }
  if (overview.premium || overview.freeLessonsLeft === null) {
    return (
      <p className="pill pill--accent">
        <CrownIcon />
        {t('dashboard.premiumChip')}
      </p>
    );
  }
  const left = overview.freeLessonsLeft;
  return (
    <Link to={paths.offer} className={`pill ${left > 0 ? 'pill--brand' : 'pill--danger'} pill--link`}>
      {t('dashboard.freeLeftChip', { lessons: t('common.freeLessons', { count: left }) })}
    </Link>
  );
}
