import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { ForeignText } from '../../../components/ui/foreign-text.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { BoltIcon, CheckIcon, ChevronDownIcon, TrophyIcon } from '../../../components/ui/icons.tsx';
import { BookIcon } from '../../../components/ui/more-icons.tsx';
import { Img } from '../../../components/ui/img.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { PlayerState } from '../../../lib/player-route.ts';
import { useDashboard } from '../api/dashboard.ts';
import { buildCourseView, type CourseView, type LessonView, type TopicView } from '../course-view.ts';
import { LockIcon, PlayIcon, RepeatIcon } from '../../../components/ui/learning-icons.tsx';
import { useDashboardNavigate } from '../../../lib/use-dashboard-navigate.ts';
import { RequestFailed } from '../../../components/request-failed.tsx';
import { useCompletionQueue } from '../../../lib/offline/completion-snapshot.ts';
import { withLessonsSavedOffline } from '../saved-offline.ts';
import { paths } from '../../../config/paths.ts';

// The rules (and the HTML sanitiser they need) load when a learner opens them, not with the first screen.
const RulesDialog = lazy(async () => ({ default: (await import('./rules-dialog.tsx')).RulesDialog }));

function hasRules(topic: TopicView): boolean {
  return topic.hasRules || topic.lessons.some((lesson) => lesson.kind === 'rules' && lesson.hasRules);
}

/** SPEC §2 left panel 'dashboard': the selected program's topics with their lessons. */
export function TopicsPanel() {
  const { t } = useTranslation();
  const overview = useDashboard();
  const queue = useCompletionQueue();
  // Lessons finished offline count as done here until the server has them (issue 17).
  const savedOffline = useMemo(
    () =>
      new Set(queue.waiting.flatMap((entry) => (entry.run.kind === 'lesson' ? [entry.run.lessonId] : []))),
    [queue.waiting],
  );

  if (overview.isPending) {
    return (
      <div className="panel-wait panel-wait--topics">
        <Spinner size="lg" label={t('common.loading')} />
      </div>
    );
  }
  if (overview.isError) {
    return <RequestFailed query={overview} />;
  }
  const program = overview.data?.program;
  if (!program) {
    return (
      <EmptyState
        icon={<BookIcon />}
        title={t('dashboard.noCourseTitle')}
        text={t('dashboard.noCourseText')}
        actions={<ButtonLink to={paths.selectCourse}>{t('dashboard.chooseCourse')}</ButtonLink>}
      />
    );
  }
  const course = overview.data.course;
  const view = buildCourseView(withLessonsSavedOffline(program, savedOffline), course);
  // SPEC §4: no free lesson left, no blitz either (until tomorrow or Premium); the server saves a blitz
  // that was started in time, so this only keeps a learner from starting one they could not finish.
  const blitzAllowed = overview.data?.premium === true || overview.data?.freeLessonsLeft !== 0;
  if (view.topics.length === 0) {
    return (
      <EmptyState
        icon={<BookIcon />}
        title={t('dashboard.topics.emptyTitle')}
        text={t('dashboard.topics.emptyText')}
        actions={
          <ButtonLink to={paths.selectProgram} state={{ packageId: program.packageId }} variant="secondary">
            {t('dashboard.topics.otherProgram')}
          </ButtonLink>
        }
      />
    );
  }

  return (
    <div className="topics-panel">
      <ContinueCard
        view={view}
        courseName={course?.courseName ?? ''}
        programName={course?.programName ?? ''}
        color={course?.color ?? null}
        blitzAllowed={blitzAllowed}
      />
      <TopicList topics={view.topics} blitzAllowed={blitzAllowed} />
    </div>
  );
}

// The topics a phone or a laptop shows on the first paint, under the greeting and the next lesson.
const FIRST_TOPICS = 3;
// Only the first dashboard of a page load draws its topics in two steps: a later visit (back from a
// lesson) draws them at once, so the place the learner scrolled to is there to return to.
let firstDashboardOfLoad = true;

/**
 * The first dashboard of a load draws the first few topics with the greeting and the rest in a render
 * React may interrupt (useDeferredValue's background render yields to the browser every few
 * milliseconds), so the first paint is not one long task drawing every topic and its lessons (issue 15,
 * the dashboard's total blocking time; ADR 035). They are added below the fold: nothing on screen moves.
 */
function TopicList({ topics, blitzAllowed }: { topics: TopicView[]; blitzAllowed: boolean }) {
  const [stepwise] = useState(() => firstDashboardOfLoad);
  const all = useDeferredValue(true, !stepwise);
  useEffect(() => {
    if (all) firstDashboardOfLoad = false;
  }, [all]);
  return (
    <ol className="topic-list">
      {(all ? topics : topics.slice(0, FIRST_TOPICS)).map((topic, index) => (
        <TopicItem key={topic.id} topic={topic} number={index + 1} blitzAllowed={blitzAllowed} />
      ))}
    </ol>
  );
}

function usePlayer() {
  const navigate = useNavigate();
  return (state: PlayerState) => void navigate(paths.exercise, { state });
}

/** The next step in one glance: the lesson to play, the course progress. */
function ContinueCard({
  view,
  courseName,
  programName,
  color,
  blitzAllowed,
}: {
  view: CourseView;
  courseName: string;
  programName: string;
  color: string | null;
  blitzAllowed: boolean;
}) {
  const { t } = useTranslation();
  const play = usePlayer();
  const open = useDashboardNavigate();
  const gate = view.topics.find((topic) => topic.isBlitz && topic.blitz === 'enabled');
  const next = view.next;
  const style = color ? ({ '--course-color': color } as CSSProperties) : undefined;

  return (
    <section className="continue-card" style={style} aria-labelledby="continue-title">
      <div className="continue-card__head">
        <p className="continue-card__course">
          <ForeignText>{courseName}</ForeignText>
          {programName ? (
            <span>
              {' · '}
              <ForeignText>{programName}</ForeignText>
            </span>
          ) : null}
        </p>
        <p className="continue-card__progress-label">
          {t('dashboard.topics.progress', {
            done: view.completedTopics,
            total: view.totalTopics,
          })}
        </p>
      </div>
      <div
        className="progress"
        role="progressbar"
        aria-label={t('dashboard.topics.courseProgress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={view.percent}
      >
        <span className="progress__bar" style={{ inlineSize: `${view.percent}%` }} />
      </div>
      {view.finished ? (
        <div className="continue-card__body">
          <span className="continue-card__icon continue-card__icon--success" aria-hidden="true">
            <TrophyIcon />
          </span>
          <div className="continue-card__text">
            <h3 className="continue-card__title" id="continue-title">
              {t('dashboard.topics.finishedTitle')}
            </h3>
            <p className="continue-card__subtitle">{t('dashboard.topics.finishedText')}</p>
          </div>
        </div>
      ) : next ? (
        <div className="continue-card__body">
          <span className="continue-card__icon" aria-hidden="true">
            <PlayIcon />
          </span>
          <div className="continue-card__text">
            <p className="eyebrow continue-card__eyebrow">{t('dashboard.topics.upNext')}</p>
            <h3 className="continue-card__title" id="continue-title">
              <ForeignText>{next.lesson.name}</ForeignText>
            </h3>
            <p className="continue-card__subtitle">
              <ForeignText>{next.topic.name}</ForeignText>
            </p>
            {hasRules(next.topic) ? (
              <button
                type="button"
                className="link-button continue-card__rules"
                onClick={() => open('topic-rules')}
              >
                {t('dashboard.panel.topic-rules')}
              </button>
            ) : null}
          </div>
          <Button
            size="lg"
            className="continue-card__action"
            onClick={() => play({ kind: 'lesson', lessonId: next.lesson.id, topicId: next.topic.id })}
          >
            {t('dashboard.topics.continue')}
          </Button>
        </div>
      ) : (
        <div className="continue-card__body">
          <span className="continue-card__icon continue-card__icon--accent" aria-hidden="true">
            <BoltIcon />
          </span>
          <div className="continue-card__text">
            <h3 className="continue-card__title" id="continue-title">
              {t('dashboard.topics.blitzGateTitle')}
            </h3>
            <p className="continue-card__subtitle">
              {blitzAllowed ? t('dashboard.topics.blitzGateText') : t('dashboard.topics.blitzNoLessons')}
            </p>
          </div>
          {gate ? (
            <Button
              variant="accent"
              size="lg"
              className="continue-card__action"
              disabled={!blitzAllowed}
              onClick={() => play({ kind: 'blitz', blitzTopicId: gate.id })}
            >
              {t('dashboard.topics.startBlitz')}
            </Button>
          ) : null}
        </div>
      )}
    </section>
  );
}

const stateLabels = {
  complete: 'dashboard.topics.state.complete',
  current: 'dashboard.topics.state.current',
  locked: 'dashboard.topics.state.locked',
} as const;

function TopicBadge({ topic, number }: { topic: TopicView; number: number }) {
  const icon = topic.state === 'locked' ? null : topic.icon;
  return (
    <span className={`topic-badge topic-badge--${topic.state}`} aria-hidden="true">
      {topic.isBlitz ? (
        <BoltIcon />
      ) : icon ? (
        <Img src={icon} alt="" className="topic-badge__image" />
      ) : topic.state === 'locked' ? (
        <LockIcon />
      ) : (
        <span>{number}</span>
      )}
      {topic.state === 'complete' ? (
        <span className="topic-badge__check">
          <CheckIcon />
        </span>
      ) : null}
    </span>
  );
}

function TopicItem({
  topic,
  number,
  blitzAllowed,
}: {
  topic: TopicView;
  number: number;
  blitzAllowed: boolean;
}) {
  const { t } = useTranslation();
  const play = usePlayer();
  const [open, setOpen] = useState(topic.state === 'current');
  const panelId = `topic-${topic.id}-lessons`;

  if (topic.isBlitz) {
    const ready = topic.blitz === 'enabled';
    const enabled = ready && blitzAllowed;
    return (
      <li className={`topic topic--blitz topic--${topic.state}`}>
        <div className="topic__head topic__head--static">
          <TopicBadge topic={topic} number={number} />
          <span className="topic__text">
            <h3 className="topic__name">
              <ForeignText>{topic.name}</ForeignText>
            </h3>
            <span className="topic__meta">
              {topic.blitz === 'passed'
                ? t('dashboard.topics.blitzPassed')
                : enabled
                  ? t('dashboard.topics.blitzReady')
                  : ready
                    ? t('dashboard.topics.blitzNoLessons')
                    : t('dashboard.topics.blitzLocked')}
            </span>
          </span>
          <Button
            variant={enabled ? 'accent' : 'secondary'}
            size="sm"
            icon={<BoltIcon />}
            disabled={!enabled}
            onClick={() => play({ kind: 'blitz', blitzTopicId: topic.id })}
          >
            {t('dashboard.topics.blitz')}
            <span className="visually-hidden"> {topic.name}</span>
          </Button>
        </div>
      </li>
    );
  }

  return (
    <li className={`topic topic--${topic.state}${open ? ' topic--open' : ''}`}>
      <h3 className="topic__heading">
        <button
          type="button"
          className="topic__head"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
        >
          <TopicBadge topic={topic} number={number} />
          <span className="topic__text">
            <span className="topic__name">
              <ForeignText>{topic.name}</ForeignText>
            </span>
            <span className="topic__meta">
              <span className={`topic__state topic__state--${topic.state}`}>
                {t(stateLabels[topic.state])}
              </span>
              {topic.total > 0 ? (
                <span>{t('dashboard.topics.lessonsDone', { done: topic.done, total: topic.total })}</span>
              ) : null}
              {topic.basic ? <span>{t('dashboard.topics.basic')}</span> : null}
            </span>
          </span>
          <ChevronDownIcon className="topic__chevron" />
        </button>
      </h3>
      {/* A closed topic's lessons are not drawn at all: most of a course's topics are closed, and their
          rows were most of the dashboard's elements (issue 33, the dashboard's blocking time). */}
      <div id={panelId} className="topic__body" hidden={!open}>
        {!open ? null : topic.lessons.length === 0 ? (
          <p className="topic__empty">{t('dashboard.topics.noLessons')}</p>
        ) : (
          <ul className="lesson-list">
            {topic.lessons.map((lesson) => (
              <LessonRow
                key={lesson.id}
                lesson={lesson}
                topicId={topic.id}
                onStart={() =>
                  play({
                    kind: 'lesson',
                    lessonId: lesson.id,
                    topicId: topic.id,
                    ...(lesson.state === 'complete' ? { repeat: true } : {}),
                  })
                }
              />
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}

function LessonRow({
  lesson,
  topicId,
  onStart,
}: {
  lesson: LessonView;
  topicId: number;
  onStart: () => void;
}) {
  const { t } = useTranslation();
  const [rulesOpen, setRulesOpen] = useState(false);
  const locked = lesson.state === 'locked';
  const kindLabel =
    lesson.kind === 'rules'
      ? t('dashboard.topics.kind.rules')
      : lesson.kind === 'review'
        ? t('dashboard.topics.kind.review')
        : t('dashboard.topics.kind.lesson');

  return (
    <li className={`lesson lesson--${lesson.state} lesson--${lesson.kind}`}>
      <span className="lesson__icon" aria-hidden="true">
        {locked ? (
          <LockIcon />
        ) : lesson.kind === 'rules' ? (
          <BookIcon />
        ) : lesson.state === 'complete' ? (
          <CheckIcon />
        ) : (
          <PlayIcon />
        )}
      </span>
      <span className="lesson__text">
        <span className="lesson__name">
          <ForeignText>{lesson.name}</ForeignText>
        </span>
        <span className="lesson__meta">
          {kindLabel}
          {lesson.state === 'complete' && lesson.kind !== 'rules' ? (
            <> · {t('dashboard.topics.lessonState.complete')}</>
          ) : locked ? (
            <> · {t('dashboard.topics.lessonState.locked')}</>
          ) : null}
        </span>
      </span>
      {lesson.kind === 'rules' ? (
        <>
          <Button variant="secondary" size="sm" disabled={locked} onClick={() => setRulesOpen(true)}>
            {t('dashboard.topics.read')}
            <span className="visually-hidden"> {lesson.name}</span>
          </Button>
          {rulesOpen ? (
            <Suspense fallback={null}>
              <RulesDialog
                title={lesson.name}
                rules={{ topicId, lessonId: lesson.id }}
                open={rulesOpen}
                onOpenChange={setRulesOpen}
              />
            </Suspense>
          ) : null}
        </>
      ) : lesson.state === 'available' ? (
        <Button size="sm" icon={<PlayIcon />} onClick={onStart}>
          {t('dashboard.topics.start')}
          <span className="visually-hidden"> {lesson.name}</span>
        </Button>
      ) : lesson.state === 'complete' ? (
        <Button variant="ghost" size="sm" icon={<RepeatIcon />} onClick={onStart}>
          {t('dashboard.topics.repeat')}
          <span className="visually-hidden"> {lesson.name}</span>
        </Button>
      ) : null}
    </li>
  );
}
