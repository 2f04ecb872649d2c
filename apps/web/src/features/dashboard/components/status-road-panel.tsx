import { useTranslation } from 'react-i18next';
import { CheckIcon, StarIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDashboard } from '../api/dashboard.ts';
import { clampPercent } from '../course-view.ts';
import { LockIcon } from '../../../components/ui/learning-icons.tsx';
import { RequestFailed } from '../../../components/request-failed.tsx';
import { ForeignText } from '../../../components/ui/foreign-text.tsx';

/** SPEC §2 left panel 'userstatus': the road of the 15 status tiers, the current one highlighted. */
export function StatusRoadPanel() {
  const { t } = useTranslation();
  const overview = useDashboard();

  if (overview.isPending) {
    return (
      <div className="panel-wait">
        <Spinner size="lg" label={t('common.loading')} />
      </div>
    );
  }
  if (overview.isError) {
    return <RequestFailed query={overview} />;
  }
  const { status } = overview.data;
  const road = clampPercent(status.roadProgress);

  return (
    <div className="status-road">
      <div className="status-road__summary">
        <div>
          <p className="eyebrow status-road__label">{t('dashboard.status.current')}</p>
          <p className="status-road__name">
            {status.name ? <ForeignText>{status.name}</ForeignText> : t('dashboard.status.none')}
          </p>
        </div>
        <div className="status-road__numbers">
          <p>
            <strong>{status.points}</strong> {t('dashboard.points', { count: status.points })}
          </p>
          <p className="status-road__next">
            {status.toNextStatus === null
              ? t('dashboard.status.top')
              : t('dashboard.status.toNextShort', { count: status.toNextStatus })}
          </p>
        </div>
      </div>
      <div className="status-road__progress">
        <div
          className="progress progress--accent"
          role="progressbar"
          aria-label={t('dashboard.status.roadLabel')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={road}
        >
          <span className="progress__bar" style={{ inlineSize: `${road}%` }} />
        </div>
        <span className="status-road__percent">{t('dashboard.status.roadPercent', { percent: road })}</span>
      </div>
      {status.tiers.length === 0 ? (
        <p className="topic__empty">{t('dashboard.status.noTiers')}</p>
      ) : (
        <ol className="road">
          {status.tiers.map((tier, index) => {
            const state = index < status.index ? 'reached' : index === status.index ? 'current' : 'ahead';
            return (
              <li
                key={`${tier.name}-${tier.points}`}
                className={`road__step road__step--${state}`}
                aria-current={state === 'current' ? 'step' : undefined}
              >
                <span className="road__marker" aria-hidden="true">
                  {state === 'reached' ? <CheckIcon /> : state === 'current' ? <StarIcon /> : <LockIcon />}
                </span>
                <span className="road__text">
                  {/* The name inside the page's own line, so it lines up with the threshold below it. */}
                  <span className="road__name">
                    <ForeignText>{tier.name}</ForeignText>
                  </span>
                  <span className="road__points">
                    {t('dashboard.status.threshold', { count: tier.points })}
                  </span>
                </span>
                {state === 'current' ? (
                  <span className="pill pill--accent road__you">{t('dashboard.status.youAreHere')}</span>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
