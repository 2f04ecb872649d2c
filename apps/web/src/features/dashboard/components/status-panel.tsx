import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.tsx';
import { FlameIcon, StarIcon } from '../../../components/ui/icons.tsx';
import type { SessionUser } from '../../../lib/session.ts';

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** The right-hand "user status" panel: points, training days, this week (Monday first), totals. */
export function StatusPanel({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const stats = user.statistics;
  return (
    <Card as="section" className="status-panel" aria-labelledby="status-title">
      <h2 className="panel-title" id="status-title">
        {t('dashboard.statusTitle')}
      </h2>
      <div className="status-panel__highlights">
        <div className="highlight highlight--accent">
          <StarIcon />
          <strong>{stats.points}</strong>
          <span>{t('dashboard.points')}</span>
        </div>
        <div className="highlight highlight--flame">
          <FlameIcon />
          <strong>{t('common.days', { count: stats.daysContinuous })}</strong>
          <span>{t('dashboard.streak')}</span>
        </div>
      </div>
      <div className="week" aria-label={t('dashboard.weekActivity')}>
        <p className="week__title">{t('dashboard.weekActivity')}</p>
        <ol className="week__days">
          {WEEKDAYS.map((day) => {
            const active = stats.weekActivity[day] === true;
            return (
              <li key={day} className={`week__day${active ? ' week__day--active' : ''}`}>
                <span className="week__dot" aria-hidden="true" />
                <span className="week__label">{t(`dashboard.weekday.${day}`)}</span>
                <span className="visually-hidden">
                  {active ? t('dashboard.trained') : t('dashboard.notTrained')}
                </span>
              </li>
            );
          })}
        </ol>
      </div>
      <dl className="stats">
        <div className="stats__item">
          <dt>{t('dashboard.trainingDays')}</dt>
          <dd>{t('common.days', { count: stats.days })}</dd>
        </div>
        <div className="stats__item">
          <dt>{t('dashboard.words')}</dt>
          <dd>{stats.words}</dd>
        </div>
        <div className="stats__item">
          <dt>{t('dashboard.rightAnswers')}</dt>
          <dd>{stats.rightAnswers}</dd>
        </div>
        <div className="stats__item">
          <dt>{t('dashboard.mistakes')}</dt>
          <dd>{stats.errorCount}</dd>
        </div>
      </dl>
    </Card>
  );
}
