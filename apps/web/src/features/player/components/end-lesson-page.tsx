import './player.css';
import './results.css';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { CheckIcon } from '../../../components/ui/icons.tsx';
import { ArrowForwardIcon, ClockIcon } from '../../../components/ui/more-icons.tsx';
import { RepeatIcon } from '../../../components/ui/learning-icons.tsx';
import { Screen } from '../../../components/ui/screen.tsx';
import { lessonQuery } from '../api/player-api.ts';
import { useArrivalSound } from '../hooks/use-arrival-sound.ts';
import { endLessonPageStateSchema, nextLessonState, type LessonSummary } from '../result-state.ts';
import { paths } from '../../../config/paths.ts';
import { ForeignText } from '../../../components/ui/foreign-text.tsx';
import { isolated } from '../../../lib/foreign-text.ts';

/**
 * SPEC §2 /endlesson: the lesson is done. Topic progress, the lessons left in it, the next lesson (or the
 * next topic's first) and a way back to the menu.
 */
export function EndLessonPage({ ads }: { ads?: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const parsed = endLessonPageStateSchema.safeParse(location.state);
  const lessonId = !parsed.success
    ? 0
    : 'summary' in parsed.data
      ? parsed.data.summary.lessonId
      : parsed.data.endLesson.lessonId;
  // The lesson just played: the player read it, so this is answered from memory (ADR 027).
  const played = useQuery({ ...lessonQuery(lessonId), enabled: parsed.success }).data;
  useArrivalSound(parsed.success ? 'success' : undefined);
  if (!parsed.success) return <Navigate to={paths.dashboard} replace />;
  if ('summary' in parsed.data) {
    const { summary, pointsTotal } = parsed.data;
    const name = played?.topic.lessons.find((item) => item.id === summary.lessonId)?.name;
    return <LessonSummaryScreen summary={summary} pointsTotal={pointsTotal} lessonName={name} ads={ads} />;
  }
  const { endLesson, pointsTotal } = parsed.data;

  const topic = played?.topic.id === endLesson.topicId ? played.topic : undefined;
  const lesson = topic?.lessons.find((item) => item.id === endLesson.lessonId);
  // The server counts them with the dashboard's rule (core topicLessonCount, issue 29 item 16).
  const done = endLesson.lessonsDoneInTopic;
  const total = endLesson.lessonsInTopic;
  const percent = total > 0 ? Math.round((100 * done) / total) : 0;
  const next = nextLessonState(endLesson);
  // 'Up next' names the next topic (the program's topics are in the answer) or a lesson of this topic.
  const nextName = !endLesson.next
    ? undefined
    : endLesson.nextIsNewTopic
      ? played?.program.topics.find((item) => item.id === endLesson.next?.topicId)?.name
      : topic?.lessons.find((item) => item.id === endLesson.next?.lessonId)?.name;

  return (
    <Screen
      tone="success"
      motion="celebrate"
      icon={<CheckIcon />}
      title={t('player.endLesson.title')}
      text={lesson ? t('player.endLesson.lessonDone', { lesson: isolated(lesson.name) }) : undefined}
    >
      <div className="result-details">
        {pointsTotal > 0 ? (
          <p className="pill pill--accent result-details__points">
            {t('player.points', { count: pointsTotal })}
          </p>
        ) : null}
        <div className="result-details__topic">
          <div className="result-details__row">
            <span className="result-details__label">
              {topic ? <ForeignText>{topic.name}</ForeignText> : t('player.endLesson.topic')}
            </span>
            <span className="result-details__value">
              {t('player.endLesson.lessonsDone', { done, total })}
            </span>
          </div>
          <div
            className="progress progress--large"
            role="progressbar"
            aria-label={t('player.endLesson.topicProgress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <div className="progress__fill" style={{ inlineSize: `${percent}%` }} />
          </div>
          <p className="result-details__remaining">
            {endLesson.remainingLessonsInTopic > 0
              ? t('player.endLesson.remaining', { n: endLesson.remainingLessonsInTopic })
              : t('player.endLesson.topicComplete')}
          </p>
        </div>
        {next && nextName ? (
          <p className="result-details__next">
            {endLesson.nextIsNewTopic ? t('player.endLesson.upNextTopic') : t('player.endLesson.upNext')}{' '}
            <strong>
              <ForeignText>{nextName}</ForeignText>
            </strong>
          </p>
        ) : null}
        {next && !endLesson.nextAvailable ? (
          <p className="result-details__hint" id="next-locked-hint">
            <ClockIcon /> {t('player.endLesson.nextLocked')}
          </p>
        ) : null}
        {next ? null : <p className="result-details__hint">{t('player.endLesson.courseFinished')}</p>}
      </div>
      <div className="result-actions">
        {next ? (
          <Button
            size="lg"
            iconEnd={<ArrowForwardIcon />}
            disabled={!endLesson.nextAvailable}
            aria-describedby={endLesson.nextAvailable ? undefined : 'next-locked-hint'}
            onClick={() => navigate(paths.exercise, { state: next })}
          >
            {endLesson.nextIsNewTopic ? t('player.endLesson.nextTopic') : t('player.endLesson.next')}
          </Button>
        ) : null}
        <ButtonLink to={paths.dashboard} variant="ghost">
          {t('player.backToMenu')}
        </ButtonLink>
      </div>
      {ads}
    </Screen>
  );
}

const SUMMARY_TITLES: Record<LessonSummary['kind'], string> = {
  repeat: 'player.summary.repeatTitle',
  'more-words': 'player.summary.moreWordsTitle',
  'course-finished': 'player.summary.courseFinishedTitle',
  'saved-offline': 'player.endLesson.title',
};

/**
 * The end of a lesson with no topic progress to show (issue 29): a repeat says it earned no points, a
 * "More words" lesson and the course's last one what they earned, a lesson saved offline its provisional
 * points; each with the right answers and mistakes, and the way back to the menu.
 */
function LessonSummaryScreen({
  summary,
  pointsTotal,
  lessonName,
  ads,
}: {
  summary: LessonSummary;
  pointsTotal: number;
  lessonName: string | undefined;
  ads: ReactNode;
}) {
  const { t } = useTranslation();
  const text =
    summary.kind === 'course-finished'
      ? t('player.summary.courseFinishedText')
      : summary.kind === 'saved-offline'
        ? t('player.summary.offlineText')
        : lessonName
          ? t(summary.kind === 'repeat' ? 'player.summary.repeatText' : 'player.summary.moreWordsText', {
              lesson: isolated(lessonName),
            })
          : undefined;
  return (
    <Screen
      tone="success"
      motion="celebrate"
      icon={summary.kind === 'repeat' ? <RepeatIcon /> : <CheckIcon />}
      title={t(SUMMARY_TITLES[summary.kind])}
      text={text}
    >
      <div className="result-details" data-summary={summary.kind}>
        {summary.kind === 'repeat' ? (
          <p className="result-details__hint result-details__no-points">{t('player.summary.repeatPoints')}</p>
        ) : pointsTotal > 0 ? (
          <p className="pill pill--accent result-details__points">
            {t('player.points', { count: pointsTotal })}
          </p>
        ) : null}
        {summary.kind === 'saved-offline' && pointsTotal > 0 ? (
          <p className="result-details__hint">{t('player.summary.provisional')}</p>
        ) : null}
        <dl className="result-details__tally">
          <div className="result-details__row">
            <dt className="result-details__label">{t('player.summary.rightAnswers')}</dt>
            <dd className="result-details__value">{summary.rightAnswers}</dd>
          </div>
          <div className="result-details__row">
            <dt className="result-details__label">{t('player.summary.mistakes')}</dt>
            <dd className="result-details__value">{summary.errorCount}</dd>
          </div>
        </dl>
      </div>
      <div className="result-actions">
        <ButtonLink to={paths.dashboard} size="lg">
          {t('player.backToMenu')}
        </ButtonLink>
      </div>
      {ads}
    </Screen>
  );
}
