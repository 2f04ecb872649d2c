import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { TrophyIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { SessionUser } from '../../../lib/session.ts';
import { useLeaderboard } from '../api/leaderboard.ts';
import { CrownIcon } from '../../../components/ui/learning-icons.tsx';
import { RequestFailed } from '../../../components/request-failed.tsx';

/** SPEC §2 left panel 'ratings': the learner's own place and the common leaderboard. */
export function RatingsPanel({ user }: { user: SessionUser }) {
  const { t, i18n } = useTranslation();
  const leaderboard = useLeaderboard();
  const numbers = new Intl.NumberFormat(i18n.language);

  if (leaderboard.isPending) {
    return (
      <div className="panel-wait">
        <Spinner size="lg" label={t('common.loading')} />
      </div>
    );
  }
  if (leaderboard.isError) {
    return <RequestFailed query={leaderboard} />;
  }
  const { entries, me, source } = leaderboard.data;

  return (
    <div className="ratings">
      <section className="my-rating" aria-labelledby="my-rating-title">
        <span className="my-rating__medal" aria-hidden="true">
          <CrownIcon />
        </span>
        <div className="my-rating__text">
          <h3 className="my-rating__title" id="my-rating-title">
            {t('dashboard.ratings.mine')}
          </h3>
          {me ? null : (
            <p className="my-rating__hint">
              {/* The day's board is frozen at midnight: today's points count from the next one. */}
              {t(
                source === 'snapshot'
                  ? 'dashboard.ratings.unrankedUntilMidnight'
                  : 'dashboard.ratings.unranked',
              )}
            </p>
          )}
        </div>
        {me ? (
          <dl className="my-rating__numbers">
            <div>
              <dt>{t('dashboard.ratings.placeLabel')}</dt>
              <dd data-testid="my-place">{numbers.format(me.order)}</dd>
            </div>
            <div>
              <dt>{t('dashboard.ratings.pointsLabel')}</dt>
              <dd data-testid="my-points">{numbers.format(me.points)}</dd>
            </div>
          </dl>
        ) : null}
      </section>
      <p className="ratings__note">{t('dashboard.ratings.refreshNote')}</p>
      {entries.length === 0 ? (
        <EmptyState
          tone="accent"
          icon={<TrophyIcon />}
          title={t('dashboard.ratings.emptyTitle')}
          text={t('dashboard.ratings.emptyText')}
        />
      ) : (
        <ol className="leaderboard" aria-label={t('dashboard.ratings.listLabel')}>
          {entries.map((entry) => {
            const mine = entry.userId === user.id;
            return (
              <li
                key={`${entry.order}-${entry.userId ?? entry.name}`}
                className={`leaderboard__row${mine ? ' leaderboard__row--me' : ''}${
                  entry.order <= 3 ? ` leaderboard__row--top leaderboard__row--top${entry.order}` : ''
                }`}
                aria-current={mine ? 'true' : undefined}
              >
                <span className="leaderboard__place">{numbers.format(entry.order)}</span>
                <span className="leaderboard__avatar" aria-hidden="true">
                  {Array.from(entry.name.trim())[0]?.toUpperCase() ?? '?'}
                </span>
                <span className="leaderboard__who">
                  <span className="leaderboard__name">{entry.name}</span>
                  {mine ? <span className="leaderboard__you">{t('dashboard.ratings.you')}</span> : null}
                </span>
                <span className="leaderboard__points">
                  {numbers.format(entry.points)}
                  <span className="leaderboard__unit"> {t('dashboard.ratings.pointsShort')}</span>
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
