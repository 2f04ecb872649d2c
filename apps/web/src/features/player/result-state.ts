import { endLessonSchema, lessonRouteSchema, tierSchema } from '@parlo/core/scoring/lesson-route';
import { z } from 'zod';
import { isPlayerState, type PlayerState } from '../../lib/player-route.ts';
import { paths } from '../../config/paths.ts';

export type EndLesson = z.infer<typeof endLessonSchema>;
export type LessonRoute = z.infer<typeof lessonRouteSchema>;
export { endLessonSchema, lessonRouteSchema };

const pointsSchema = z.number().int().default(0);

/**
 * How a lesson went when it has no topic progress to show: a repeat (no points), a "More words" lesson,
 * the course's last lesson, or a lesson saved offline whose points are only provisional (issue 29).
 */
export const lessonSummarySchema = z.object({
  kind: z.enum(['repeat', 'more-words', 'course-finished', 'saved-offline']),
  lessonId: z.number().int(),
  rightAnswers: z.number().int(),
  errorCount: z.number().int(),
});
export type LessonSummary = z.infer<typeof lessonSummarySchema>;

// The navigation state of each result screen: the contract between the player and those screens.
// /endlesson shows the topic's progress after a new lesson, or the summary when there is none.
export const endLessonPageStateSchema = z.union([
  z.object({ endLesson: endLessonSchema, pointsTotal: pointsSchema }),
  z.object({ summary: lessonSummarySchema, pointsTotal: pointsSchema }),
]);
export const successfulPageStateSchema = z.union([
  // A passed blitz says how many topics it really opened (issue 29 item 10): none is possible.
  z.object({ isBlitz: z.literal(true), pointsTotal: pointsSchema, openedTopics: z.number().int().min(0) }),
  z.object({
    isBlitz: z.literal(false),
    status: tierSchema,
    endLesson: endLessonSchema,
    pointsTotal: pointsSchema,
  }),
  // A new status earned by a "More words" lesson or the course's last one: the summary comes after it.
  z.object({
    isBlitz: z.literal(false),
    status: tierSchema,
    summary: lessonSummarySchema,
    pointsTotal: pointsSchema,
  }),
]);
export const unsuccessfulPageStateSchema = z.object({ retry: z.custom<PlayerState>(isPlayerState) });

export type EndLessonPageState = z.infer<typeof endLessonPageStateSchema>;
export type SuccessfulPageState = z.infer<typeof successfulPageStateSchema>;
export type UnsuccessfulPageState = z.infer<typeof unsuccessfulPageStateSchema>;

export interface Destination {
  to:
    | typeof paths.endLesson
    | typeof paths.successful
    | typeof paths.unsuccessful
    | typeof paths.dashboard
    | typeof paths.limit;
  state?: EndLessonPageState | SuccessfulPageState | UnsuccessfulPageState;
}

/** What the player reads from the server's answer to a finished run. */
export interface RunOutcome {
  route: LessonRoute;
  pointsTotal: number;
  committed: boolean;
  rightAnswers: number;
  errorCount: number;
  events: readonly string[];
  newStatus: z.infer<typeof tierSchema> | null;
  /** Topics the completion opened (the contract's openedTopicIds). */
  openedTopicIds: readonly number[];
}

/**
 * Turns the server's route into the navigation the player makes (with what the next screen needs). The
 * server sends a finished lesson with nothing new to show (a repeat, a "More words" lesson, the course's
 * last lesson) to /dashboard; the learner sees what it earned first, and a new status is congratulated.
 */
export function destinationFor(outcome: RunOutcome, played: PlayerState): Destination {
  const { route, pointsTotal } = outcome;
  switch (route.path) {
    case '/endlesson':
      return { to: paths.endLesson, state: { endLesson: route.endLesson, pointsTotal } };
    case '/successful':
      return route.isBlitz
        ? {
            to: paths.successful,
            state: { isBlitz: true, pointsTotal, openedTopics: outcome.openedTopicIds.length },
          }
        : {
            to: paths.successful,
            state: { isBlitz: false, status: route.status, endLesson: route.endLesson, pointsTotal },
          };
    case '/unsuccessful':
      return { to: paths.unsuccessful, state: { retry: played } };
    case '/dashboard': {
      if (played.kind !== 'lesson') return { to: paths.dashboard };
      const summary: LessonSummary = {
        kind: !outcome.committed
          ? 'repeat'
          : outcome.events.includes('course-finished')
            ? 'course-finished'
            : 'more-words',
        lessonId: played.lessonId,
        rightAnswers: outcome.rightAnswers,
        errorCount: outcome.errorCount,
      };
      return outcome.committed && outcome.newStatus
        ? { to: paths.successful, state: { isBlitz: false, status: outcome.newStatus, summary, pointsTotal } }
        : { to: paths.endLesson, state: { summary, pointsTotal } };
    }
    case '/limit':
      return { to: paths.limit };
  }
}

/**
 * Offline the server has not seen the run yet: the summary shows what the player itself counted. A new
 * lesson earns a point per right answer (SPEC §9); the server's count, with any bonus, follows the sync.
 */
export function offlineDestination(
  run: { correct: number; mistakes: number },
  played: Extract<PlayerState, { kind: 'lesson' }>,
): Destination {
  return {
    to: paths.endLesson,
    state: {
      summary: {
        kind: 'saved-offline',
        lessonId: played.lessonId,
        rightAnswers: run.correct,
        errorCount: run.mistakes,
      },
      pointsTotal: played.repeat ? 0 : run.correct,
    },
  };
}

/** The player state that plays the lesson named by endLesson.next, if there is one. */
export function nextLessonState(endLesson: EndLesson): PlayerState | undefined {
  return endLesson.next
    ? { kind: 'lesson', lessonId: endLesson.next.lessonId, topicId: endLesson.next.topicId }
    : undefined;
}
