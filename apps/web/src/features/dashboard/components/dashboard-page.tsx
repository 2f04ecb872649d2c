import './dashboard.css';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { BookIcon, FlameIcon, TrophyIcon } from '../../../components/ui/icons.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { useSession } from '../../../lib/session.ts';
import { dashboardStateFrom } from '../panels.ts';
import { SettingsMenu } from './settings-menu.tsx';
import { StatusPanel } from './status-panel.tsx';

/**
 * The signed-in home (/dashboard, and / or /main for a signed-in user). Navigation state picks the left
 * and right panels; the panels' own content arrives with the dashboard issue.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const { data: user } = useSession();
  const { leftPanel, rightPanel } = dashboardStateFrom(location.state);

  if (!user) return <FullPageSpinner label={t('common.loading')} />;
  const hasCourse = user.learnedPackageId !== null || user.learningProgress.selected.length > 0;

  return (
    <Page title={t('dashboard.title')} width="wide" hideHeading>
      <div className="dashboard">
        <div className="dashboard__greeting">
          <h1 className="dashboard__title">{t('dashboard.greeting', { name: user.name })}</h1>
          <p className="pill pill--flame">
            <FlameIcon />
            {t('dashboard.streakChip', { days: t('common.days', { count: user.statistics.daysContinuous }) })}
          </p>
        </div>
        <div className="dashboard__grid">
          <Card as="section" padding="lg" className="dashboard__main" aria-labelledby="panel-title">
            <h2 className="panel-title" id="panel-title">
              {t(`dashboard.panel.${leftPanel}`)}
            </h2>
            {leftPanel === 'dashboard' ? (
              hasCourse ? (
                <EmptyState
                  icon={<BookIcon />}
                  title={t('dashboard.topicsTitle')}
                  text={t('dashboard.topicsText')}
                />
              ) : (
                <EmptyState
                  icon={<BookIcon />}
                  title={t('dashboard.noCourseTitle')}
                  text={t('dashboard.noCourseText')}
                  actions={<ButtonLink to="/select-course">{t('dashboard.chooseCourse')}</ButtonLink>}
                />
              )
            ) : leftPanel === 'ratings' ? (
              <EmptyState
                tone="accent"
                icon={<TrophyIcon />}
                title={t('dashboard.ratingsTitle')}
                text={t('dashboard.ratingsText', { points: user.statistics.points })}
              />
            ) : (
              <EmptyState icon={<BookIcon />} text={t('dashboard.panelText')} />
            )}
          </Card>
          <div className="dashboard__side">
            {rightPanel === 'settings' ? <SettingsMenu current={leftPanel} /> : <StatusPanel user={user} />}
          </div>
        </div>
      </div>
    </Page>
  );
}
