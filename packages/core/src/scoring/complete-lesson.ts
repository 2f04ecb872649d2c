import { lessonAccess, consumeFreeLesson, refreshFreeLessons } from '../billing/free-lessons.ts';
import type { FreeLessons } from '../billing/free-lessons.ts';
import type { AnswerCheck, Exercise } from '../exercises/registry.ts';
import {
  findLesson,
  LESSON_WORD_REVIEW,
  orderedLessons,
  regularLessonsOf,
} from '../progression/catalogue.ts';
import { topicLessonCount } from '../progression/topic-lessons.ts';
import type { CatalogueProgram } from '../progression/catalogue.ts';
import {
  advanceProgress,
  blitzRefusal,
  blitzTopicsFor,
  canStartLesson,
  isLessonAlreadyLearned,
  isTopicLearnedBy,
  recordBlitzPassed,
  topicsOpenedBy,
} from '../progression/course-flow.ts';
import type { LessonRef } from '../progression/course-flow.ts';
import type { ProgramProgress } from '../progression/progress.ts';
import { recordActivity } from '../stats/statistics.ts';
import type { Statistics } from '../stats/statistics.ts';
import { newStatusReached } from '../stats/status.ts';
import type { StatusTier } from '../stats/status.ts';
import { isBlitzPassed } from './blitz.ts';
import {
  noPoints,
  POINTS_BLITZ_PASSED,
  POINTS_COURSE_FINISHED,
  POINTS_MORE_WORDS,
  POINTS_PER_CORRECT_ANSWER,
  POINTS_TOPIC_FINISHED,
  totalPoints,
} from './points.ts';
import type { PointsGained } from './points.ts';
import { replayAnswers } from './replay-answers.ts';
import type { AnswerAttempt, ReplayError } from './replay-answers.ts';

export type PlayedLesson = { kind: 'lesson'; lessonId: number } | { kind: 'blitz'; blitzTopicId: number };

export interface CompleteLessonInput<Tier extends StatusTier = StatusTier> {
  program: CatalogueProgram;
  played: PlayedLesson;
  /** The exercises the player served: the lesson's enabled ones (or the blitz's), minus any type 14 left out. */
  exercises: readonly Exercise[];
  attempts: readonly AnswerAttempt[];
  progress: ProgramProgress;
  statistics: Statistics;
  statusTiers: readonly Tier[];
  /** The stored counter, if any, and the configured daily amount (SPEC §7 get-config), if any. */
  freeLessons: FreeLessons | undefined;
  configuredFreeLessons: number | undefined;
  premium: boolean;
  secretAccess: boolean;
  /** Epoch ms. */
  now: number;
  /** The learner's IANA time zone: training days follow its midnight. */
  timeZone: string;
  /** How answers are checked: `checkAnswer` unless the caller shares its checks (`rememberedChecks`). */
  check?: AnswerCheck;
  /**
   * Words these answers learned for the first time (review/learned-words.ts, the one definition the words
   * panel uses too): the caller counts them from the review memory. 0 when left out.
   */
  wordsLearned?: number;
}

export type LearningEvent = 'topic-finished' | 'more-words' | 'blitz-passed' | 'course-finished';

/** What /endlesson shows: the lesson just done, what is left of its topic, and where 'next' leads. */
export interface EndLessonState {
  topicId: number;
  lessonId: number;
  remainingLessonsInTopic: number;
  /** The next lesson, or null when the course is finished; `nextIsNewTopic` picks the button label. */
  next: LessonRef | null;
  nextIsNewTopic: boolean;
  /** False while the next lesson waits behind a blitz still to pass. */
  nextAvailable: boolean;
  /** "Done of total" lessons of the topic, counted as the dashboard counts them (topicLessonCount). */
  lessonsDoneInTopic: number;
  lessonsInTopic: number;
}

export type LessonRoute<Tier extends StatusTier = StatusTier> =
  | { path: '/successful'; isBlitz: true }
  | { path: '/successful'; isBlitz: false; status: Tier; endLesson: EndLessonState }
  | { path: '/endlesson'; endLesson: EndLessonState }
  | { path: '/unsuccessful' }
  | { path: '/dashboard' }
  | { path: '/limit' };

export interface LessonOutcome<Tier extends StatusTier = StatusTier> {
  ok: true;
  /** Something new was achieved and committed: a lesson learned for the first time or a blitz passed. */
  committed: boolean;
  rightAnswers: number;
  errorCount: number;
  wordsLearned: number;
  points: PointsGained;
  pointsTotal: number;
  events: LearningEvent[];
  newStatus: Tier | undefined;
  route: LessonRoute<Tier>;
  /** Topics this completion opened (locked before, playable now), in course order: what the screens announce. */
  openedTopicIds: number[];
  progress: ProgramProgress;
  statistics: Statistics;
  freeLessons: FreeLessons;
}

export type CompleteLessonError =
  ReplayError | 'lesson-locked' | 'blitz-locked' | 'blitz-not-reached' | 'foreign-exercise';
export type CompleteLessonResult<Tier extends StatusTier = StatusTier> =
  LessonOutcome<Tier> | { ok: false; error: CompleteLessonError; exerciseId?: number };

/**
 * SPEC §4 "Lesson completion", computed from scratch on the server from what the learner answered:
 *
 * - Blitz: playable once reached (its topics learned, course-flow.ts); passed (see blitz.ts) → +25,
 *   'blitz-passed', /successful (isBlitz); lost → /unsuccessful and nothing is committed, so the learner
 *   retries. Blitz answers earn no per-answer points (SPEC §9).
 * - A lesson is learned when it is completed for the first time: the frontier regular lesson, or a
 *   word-review lesson never completed before. Then a free lesson is used (free learners only: premium
 *   and secret access do not count lessons), +1 per right answer, +10 and 'topic-finished' when it was the
 *   topic's last regular lesson, +5 and 'more words' for a word review, +500 and 'course-finished' when no
 *   regular lesson is left; statistics are committed and progress advances.
 *   Route: word review → /dashboard; a new status → /successful with it (and the end-lesson state for the
 *   screen after); course finished → /dashboard; otherwise /endlesson.
 * - Repeating a learned lesson commits nothing and returns to /dashboard.
 * - Anything that would commit first passes the free-lesson check of SPEC §4; without access the result is
 *   /limit and nothing but the day's counter refresh changes.
 */
export function completeLesson<Tier extends StatusTier>(
  input: CompleteLessonInput<Tier>,
): CompleteLessonResult<Tier> {
  const freeLessons = refreshFreeLessons(input.freeLessons, input.configuredFreeLessons, input.now);
  return input.played.kind === 'blitz'
    ? completeBlitz(input, input.played.blitzTopicId, freeLessons)
    : completeRegular(input, input.played.lessonId, freeLessons);
}

/**
 * Nothing achieved: no points, progress or free lesson. The answers still reach the review memory (a
 * repeat, a lost blitz), so words met for the first time count as learned — except behind the limit,
 * where the completion is refused and saves nothing at all (issue 29 item 12).
 */
function unchanged<Tier extends StatusTier>(
  input: CompleteLessonInput<Tier>,
  freeLessons: FreeLessons,
  tally: { rightAnswers: number; errorCount: number },
  route: LessonRoute<Tier>,
): LessonOutcome<Tier> {
  const wordsLearned = route.path === '/limit' ? 0 : (input.wordsLearned ?? 0);
  return {
    ok: true,
    committed: false,
    rightAnswers: tally.rightAnswers,
    errorCount: tally.errorCount,
    wordsLearned,
    points: noPoints,
    pointsTotal: 0,
    events: [],
    newStatus: undefined,
    route,
    openedTopicIds: [],
    progress: input.progress,
    statistics:
      wordsLearned === 0
        ? input.statistics
        : { ...input.statistics, words: input.statistics.words + wordsLearned },
    freeLessons,
  };
}

const hasAccess = (input: CompleteLessonInput<StatusTier>, freeLessons: FreeLessons) =>
  lessonAccess({ premium: input.premium, secretAccess: input.secretAccess, freeLessons }) === 'allowed';

function completeBlitz<Tier extends StatusTier>(
  input: CompleteLessonInput<Tier>,
  blitzTopicId: number,
  freeLessons: FreeLessons,
): CompleteLessonResult<Tier> {
  const { program, progress } = input;
  const refusal = blitzRefusal(program, progress, blitzTopicId);
  // Issue 29 item 10: a blitz over topics not studied yet is refused, never scored.
  if (refusal === 'not-reached') return { ok: false, error: 'blitz-not-reached' };
  if (refusal !== null) return { ok: false, error: 'blitz-locked' };
  const coveredLessons = new Set(
    blitzTopicsFor(program, blitzTopicId).flatMap((topic) => topic.lessons.map((lesson) => lesson.id)),
  );
  const foreign = input.exercises.find(
    (exercise) => !exercise.blitz || !coveredLessons.has(exercise.lessonId),
  );
  if (foreign) return { ok: false, error: 'foreign-exercise', exerciseId: foreign.id };

  const replay = replayAnswers(input.exercises, input.attempts, { blitz: true, check: input.check });
  if (!replay.ok) return replay;
  if (replay.lost || !isBlitzPassed(replay.errorCount)) {
    return unchanged(input, freeLessons, replay, { path: '/unsuccessful' });
  }
  // A blitz uses no free lesson, and the dashboard offers it only while one is left; a passed blitz is
  // therefore always saved, even when the day's lessons ran out while it was played (issue 14).

  const passed = recordBlitzPassed(progress, blitzTopicId);
  const points: PointsGained = { ...noPoints, blitzPassed: POINTS_BLITZ_PASSED };
  const pointsTotal = totalPoints(points);
  const wordsLearned = input.wordsLearned ?? 0;
  const statistics = recordActivity(
    input.statistics,
    {
      pointsGained: pointsTotal,
      wordsLearned,
      rightAnswers: replay.rightAnswers,
      errorCount: replay.errorCount,
    },
    input.now,
    input.timeZone,
  );
  return {
    ok: true,
    committed: true,
    rightAnswers: replay.rightAnswers,
    errorCount: replay.errorCount,
    wordsLearned,
    points,
    pointsTotal,
    events: ['blitz-passed'],
    newStatus: newStatusReached(input.statusTiers, input.statistics.points, statistics.points),
    route: { path: '/successful', isBlitz: true },
    openedTopicIds: topicsOpenedBy(program, progress, passed),
    progress: passed,
    statistics,
    freeLessons,
  };
}

function completeRegular<Tier extends StatusTier>(
  input: CompleteLessonInput<Tier>,
  lessonId: number,
  freeLessons: FreeLessons,
): CompleteLessonResult<Tier> {
  const { program, progress } = input;
  const location = findLesson(program, lessonId);
  if (!location || !canStartLesson(program, progress, lessonId)) return { ok: false, error: 'lesson-locked' };
  const foreign = input.exercises.find((exercise) => exercise.lessonId !== lessonId);
  if (foreign) return { ok: false, error: 'foreign-exercise', exerciseId: foreign.id };

  const replay = replayAnswers(input.exercises, input.attempts, { blitz: false, check: input.check });
  if (!replay.ok) return replay;

  const isWordReview = location.lesson.type === LESSON_WORD_REVIEW;
  const learned = !isLessonAlreadyLearned(program, progress, lessonId);
  if (!learned) return unchanged(input, freeLessons, replay, { path: '/dashboard' });
  if (!hasAccess(input, freeLessons)) return unchanged(input, freeLessons, replay, { path: '/limit' });

  const newProgress = advanceProgress(program, progress, lessonId);
  const topicFinished = !isWordReview && isTopicLearnedBy(program, lessonId);
  const courseFinished = newProgress.finished && !progress.finished;
  const events: LearningEvent[] = [];
  if (topicFinished) events.push('topic-finished');
  if (isWordReview) events.push('more-words');
  if (courseFinished) events.push('course-finished');

  const points: PointsGained = {
    correctAnswers: replay.rightAnswers * POINTS_PER_CORRECT_ANSWER,
    moreWords: isWordReview ? POINTS_MORE_WORDS : 0,
    topicFinished: topicFinished ? POINTS_TOPIC_FINISHED : 0,
    blitzPassed: 0,
    courseFinished: courseFinished ? POINTS_COURSE_FINISHED : 0,
  };
  const pointsTotal = totalPoints(points);
  const wordsLearned = input.wordsLearned ?? 0;
  const statistics = recordActivity(
    input.statistics,
    {
      pointsGained: pointsTotal,
      wordsLearned,
      rightAnswers: replay.rightAnswers,
      errorCount: replay.errorCount,
    },
    input.now,
    input.timeZone,
  );
  const newStatus = newStatusReached(input.statusTiers, input.statistics.points, statistics.points);
  const endLesson = endLessonState(program, newProgress, location.topic.id, lessonId);

  let route: LessonRoute<Tier>;
  if (isWordReview) route = { path: '/dashboard' };
  else if (newStatus) route = { path: '/successful', isBlitz: false, status: newStatus, endLesson };
  else if (courseFinished) route = { path: '/dashboard' };
  else route = { path: '/endlesson', endLesson };

  return {
    ok: true,
    committed: true,
    rightAnswers: replay.rightAnswers,
    errorCount: replay.errorCount,
    wordsLearned,
    points,
    pointsTotal,
    events,
    newStatus,
    route,
    openedTopicIds: topicsOpenedBy(program, progress, newProgress),
    progress: newProgress,
    statistics,
    freeLessons: input.premium || input.secretAccess ? freeLessons : consumeFreeLesson(freeLessons),
  };
}

function endLessonState(
  program: CatalogueProgram,
  progress: ProgramProgress,
  topicId: number,
  lessonId: number,
): EndLessonState {
  const location = findLesson(program, lessonId);
  const topicLessons = location ? regularLessonsOf(location.topic) : [];
  const remaining = topicLessons.filter((lesson) => !isLessonAlreadyLearned(program, progress, lesson.id));
  const count = topicLessonCount(
    location
      ? orderedLessons(location.topic).map((lesson) => ({
          type: lesson.type,
          complete: isLessonAlreadyLearned(program, progress, lesson.id),
        }))
      : [],
  );
  const next =
    progress.finished || progress.lessonId === null || progress.topicId === null
      ? null
      : { topicId: progress.topicId, lessonId: progress.lessonId };
  return {
    topicId,
    lessonId,
    remainingLessonsInTopic: remaining.length,
    next,
    nextIsNewTopic: next !== null && next.topicId !== topicId,
    nextAvailable: next !== null && canStartLesson(program, progress, next.lessonId),
    lessonsDoneInTopic: count.done,
    lessonsInTopic: count.total,
  };
}
