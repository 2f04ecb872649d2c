import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FlameIcon, StarIcon, TrophyIcon } from '../../../components/ui/icons.tsx';
import type { SessionUser } from '../../../lib/session.ts';
import { weekdayNames } from '../../../lib/reminders.ts';
import { useDashboard } from '../api/dashboard.ts';
import { weekActivityDays } from '../course-view.ts';
import { GearIcon, RoadIcon } from '../../../components/ui/learning-icons.tsx';
import { ForeignText } from '../../../components/ui/foreign-text.tsx';
import { isolated } from '../../../lib/foreign-text.ts';
import { useDashboardNavigate } from '../../../lib/use-dashboard-navigate.ts';

/**
 * SPEC §2 right panel 'userstatus': current status, points, points to the next status, this week's
 * training days (Monday first) and the statistics. The overview's numbers are the server's as of now
 * (a streak broken yesterday reads 0); until it arrives the user record stands in.
 */
export function StatusPanel({ user }: { user: SessionUser }) {
  const { t, i18n } = useTranslation();
  const overview = useDashboard();
  const open = useDashboardNavigate();
  const stats = overview.data?.statistics ?? user.statistics;
  const status = overview.data?.status;
  const week = weekActivityDays(stats.weekActivity);
  const shortNames = weekdayNames(i18n.language, 'narrow');
  const longNames = weekdayNames(i18n.language, 'long');
  const trainedThisWeek = week.filter(Boolean).length;

  return (
    <Card as="section" className="status-panel" aria-labelledby="status-title">
      <div className="status-panel__header">
        <span className="status-panel__medal" aria-hidden="true">
          <TrophyIcon />
        </span>
        <div className="status-panel__heading">
          <h2 className="panel-title" id="status-title">
            {t('dashboard.statusTitle')}
          </h2>
          <p className="status-panel__status" data-testid="status-name">
            {status?.name ? <ForeignText>{status.name}</ForeignText> : t('dashboard.status.none')}
          </p>
        </div>
      </div>

      <div className="status-panel__highlights">
        <div className="highlight highlight--accent">
          <StarIcon />
          <strong data-testid="status-points">{stats.points}</strong>
          <span>{t('dashboard.points', { count: stats.points })}</span>
        </div>
        <div className="highlight highlight--flame">
          <FlameIcon />
          <strong data-testid="status-streak">{t('common.days', { count: stats.daysContinuous })}</strong>
          <span>{t('dashboard.streak')}</span>
        </div>
      </div>

      {status ? <NextStatus status={status} /> : overview.isPending ? <NextStatusPlaceholder /> : null}

      <div className="week">
        <p className="week__title" id="week-title">
          {t('dashboard.weekActivity')}
          <span className="week__count">{t('dashboard.status.weekCount', { days: trainedThisWeek })}</span>
        </p>
        <ol className="week__days" aria-labelledby="week-title">
          {week.map((active, day) => (
            <li key={day} className={`week__day${active ? ' week__day--active' : ''}`}>
              <span className="week__dot" aria-hidden="true">
                {active ? <FlameIcon /> : null}
              </span>
              <span className="week__label" aria-hidden="true">
                {shortNames[day]}
              </span>
              <span className="visually-hidden">
                {longNames[day]}: {active ? t('dashboard.trained') : t('dashboard.notTrained')}
              </span>
            </li>
          ))}
        </ol>
      </div>

      <dl className="stats">
        <div className="stats__item">
          <dt>{t('dashboard.words')}</dt>
          <dd data-testid="stat-words">{stats.words}</dd>
        </div>
        <div className="stats__item">
          <dt>{t('dashboard.trainingDays')}</dt>
          <dd data-testid="stat-days">{stats.days}</dd>
        </div>
        <div className="stats__item stats__item--success">
          <dt>{t('dashboard.rightAnswers')}</dt>
          <dd data-testid="stat-right">{stats.rightAnswers}</dd>
        </div>
        <div className="stats__item stats__item--danger">
          <dt>{t('dashboard.mistakes')}</dt>
          <dd data-testid="stat-mistakes">{stats.errorCount}</dd>
        </div>
      </dl>

      <div className="status-panel__links">
        <Button variant="secondary" size="sm" icon={<RoadIcon />} onClick={() => open('userstatus')}>
          {t('dashboard.panel.userstatus')}
        </Button>
        <Button variant="ghost" size="sm" icon={<GearIcon />} onClick={() => open('general', 'settings')}>
          {t('dashboard.settingsTitle')}
        </Button>
      </div>
    </Card>
  );
}

interface StatusSummary {
  points: number;
  nextPoints: number | null;
  toNextStatus: number | null;
  index: number;
  tiers: { name: string; points: number }[];
}

/** The next-status line's place while the overview loads, so the week and the numbers do not move down. */
function NextStatusPlaceholder() {
  const { t } = useTranslation();
  return (
    <div className="next-status placeholder" aria-hidden="true">
      <p className="next-status__text">{t('dashboard.status.toNext', { count: 10, status: '…' })}</p>
      <div className="progress progress--accent" />
    </div>
  );
}

/** The bar from the current status's threshold to the next one's. */
function NextStatus({ status }: { status: StatusSummary }) {
  const { t } = useTranslation();
  const next = status.tiers[status.index + 1];
  if (status.nextPoints === null || status.toNextStatus === null || !next) {
    return <p className="next-status next-status--top">{t('dashboard.status.top')}</p>;
  }
  const from = status.tiers[status.index]?.points ?? 0;
  const span = Math.max(1, status.nextPoints - from);
  const percent = Math.min(100, Math.max(0, Math.round(((status.points - from) * 100) / span)));
  return (
    <div className="next-status">
      <p className="next-status__text" data-testid="points-to-next">
        {t('dashboard.status.toNext', { count: status.toNextStatus, status: isolated(next.name) })}
      </p>
      <div
        className="progress progress--accent"
        role="progressbar"
        aria-label={t('dashboard.status.toNextLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span className="progress__bar" style={{ inlineSize: `${percent}%` }} />
      </div>
    </div>
  );
}
