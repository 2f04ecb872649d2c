import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { TrophyIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { SessionUser } from '../../../lib/session.ts';
import { useLeaderboard } from '../api/leaderboard.ts';
import { CrownIcon } from '../../../components/ui/learning-icons.tsx';
import { RequestFailed } from '../../../components/request-failed.tsx';
import { foreignTextProps } from '../../../lib/foreign-text.ts';

/** The leaderboard: SPEC §2's left panel 'ratings' (its name in the URL state), the learner's own place and the common board. */
export function LeaderboardPanel({ user }: { user: SessionUser }) {
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
    <div className="leaderboard-panel">
      <section className="my-place" aria-labelledby="my-place-title">
        <span className="my-place__medal" aria-hidden="true">
          <CrownIcon />
        </span>
        <div className="my-place__text">
          <h3 className="my-place__title" id="my-place-title">
            {t('dashboard.leaderboard.mine')}
          </h3>
          {me ? null : (
            <p className="my-place__hint">
              {/* The day's board is frozen at midnight: today's points count from the next one. */}
              {t(
                source === 'snapshot'
                  ? 'dashboard.leaderboard.unrankedUntilMidnight'
                  : 'dashboard.leaderboard.unranked',
              )}
            </p>
          )}
        </div>
        {me ? (
          <dl className="my-place__numbers">
            <div>
              <dt>{t('dashboard.leaderboard.placeLabel')}</dt>
              <dd data-testid="my-place">{numbers.format(me.order)}</dd>
            </div>
            <div>
              <dt>{t('dashboard.leaderboard.pointsLabel')}</dt>
              <dd data-testid="my-points">{numbers.format(me.points)}</dd>
            </div>
          </dl>
        ) : null}
      </section>
      <p className="leaderboard-panel__note">{t('dashboard.leaderboard.refreshNote')}</p>
      {entries.length === 0 ? (
        <EmptyState
          tone="accent"
          icon={<TrophyIcon />}
          title={t('dashboard.leaderboard.emptyTitle')}
          text={t('dashboard.leaderboard.emptyText')}
        />
      ) : (
        <ol className="leaderboard" aria-label={t('dashboard.leaderboard.listLabel')}>
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
                  {/* On the element, not a <bdi> inside: a long name is cut with an ellipsis by this box. */}
                  <span className="leaderboard__name" {...foreignTextProps(undefined)}>
                    {entry.name}
                  </span>
                  {mine ? <span className="leaderboard__you">{t('dashboard.leaderboard.you')}</span> : null}
                </span>
                <span className="leaderboard__points">
                  {numbers.format(entry.points)}
                  <span className="leaderboard__unit"> {t('dashboard.leaderboard.pointsShort')}</span>
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
