import './results.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { AlertIcon, BoltIcon, TrophyIcon } from '../../../components/ui/icons.tsx';
import { Screen } from '../../../components/ui/screen.tsx';
import { useArrivalSound } from '../hooks/use-arrival-sound.ts';
import { successfulPageStateSchema, unsuccessfulPageStateSchema } from '../result-state.ts';
import { paths } from '../../../config/paths.ts';
import { ForeignText } from '../../../components/ui/foreign-text.tsx';

/** SPEC §2 /successful: a new status ('congratulations', points and status), or a passed blitz. */
/** `ads`: the ads feature's banner frame and full-screen ad (issue 11), handed in by the app. */
export function SuccessfulPage({ ads }: { ads?: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const parsed = successfulPageStateSchema.safeParse(location.state);
  useArrivalSound(parsed.success ? (parsed.data.isBlitz ? 'success' : 'congrats') : undefined);
  if (!parsed.success) return <Navigate to={paths.dashboard} replace />;
  const state = parsed.data;

  if (state.isBlitz) {
    return (
      <Screen
        tone="accent"
        motion="celebrate"
        icon={<BoltIcon />}
        title={t('player.successful.blitzTitle')}
        text={
          state.openedTopics > 0
            ? t('player.successful.blitzOpened', { count: state.openedTopics })
            : t('player.successful.blitzText')
        }
        actions={<ButtonLink to={paths.dashboard}>{t('common.continue')}</ButtonLink>}
      >
        {state.pointsTotal > 0 ? (
          <div className="result-details">
            <p className="pill pill--accent result-details__points">
              {t('player.points', { count: state.pointsTotal })}
            </p>
          </div>
        ) : null}
        {ads}
      </Screen>
    );
  }

  return (
    <Screen
      tone="accent"
      motion="celebrate"
      icon={<TrophyIcon />}
      title={t('player.successful.title')}
      text={t('player.successful.text')}
    >
      <div className="result-details">
        <div className="status-badge">
          <span className="status-badge__label">{t('player.successful.newStatus')}</span>
          <span className="status-badge__name">
            <ForeignText>{state.status.name}</ForeignText>
          </span>
          <span className="status-badge__points">
            {t('player.successful.threshold', { points: state.status.points })}
          </span>
        </div>
        {state.pointsTotal > 0 ? (
          <p className="pill pill--accent result-details__points">
            {t('player.points', { count: state.pointsTotal })}
          </p>
        ) : null}
      </div>
      <div className="result-actions">
        <Button
          size="lg"
          onClick={() =>
            navigate(paths.endLesson, {
              replace: true,
              state:
                'summary' in state
                  ? { summary: state.summary, pointsTotal: state.pointsTotal }
                  : { endLesson: state.endLesson, pointsTotal: state.pointsTotal },
            })
          }
        >
          {t('common.continue')}
        </Button>
      </div>
      {ads}
    </Screen>
  );
}

/** SPEC §2 /unsuccessful: a failed blitz; the learner may try it again. */
export function UnsuccessfulPage({ ads }: { ads?: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const parsed = unsuccessfulPageStateSchema.safeParse(location.state);
  const retry = parsed.success ? parsed.data.retry : undefined;
  useArrivalSound('failed');
  return (
    <Screen
      tone="danger"
      motion="shake"
      icon={<AlertIcon />}
      title={t('player.unsuccessful.title')}
      text={t('player.unsuccessful.text')}
      actions={
        <>
          {retry ? (
            <Button size="lg" onClick={() => navigate(paths.exercise, { state: retry, replace: true })}>
              {t('common.retry')}
            </Button>
          ) : null}
          <ButtonLink to={paths.dashboard} variant={retry ? 'ghost' : 'primary'}>
            {t('player.backToMenu')}
          </ButtonLink>
        </>
      }
    >
      {ads}
    </Screen>
  );
}
