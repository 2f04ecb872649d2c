import { z } from 'zod';
import { isPlayerState, type PlayerState } from '../../lib/player-route.ts';

const lessonRefSchema = z.object({ topicId: z.number().int(), lessonId: z.number().int() });

/** What /endlesson shows (the server's endLesson state of a completion). */
export const endLessonSchema = z.object({
  topicId: z.number().int(),
  lessonId: z.number().int(),
  remainingLessonsInTopic: z.number().int(),
  next: lessonRefSchema.nullable(),
  nextIsNewTopic: z.boolean(),
  nextAvailable: z.boolean(),
});
export type EndLesson = z.infer<typeof endLessonSchema>;

const tierSchema = z.object({ name: z.string(), points: z.number().int() });

/** SPEC §4 'Lesson completion': where the server sends the learner after a run. */
export const lessonRouteSchema = z.union([
  z.object({ path: z.literal('/successful'), isBlitz: z.literal(true) }),
  z.object({
    path: z.literal('/successful'),
    isBlitz: z.literal(false),
    status: tierSchema,
    endLesson: endLessonSchema,
  }),
  z.object({ path: z.literal('/endlesson'), endLesson: endLessonSchema }),
  z.object({ path: z.literal('/unsuccessful') }),
  z.object({ path: z.literal('/dashboard') }),
  z.object({ path: z.literal('/limit') }),
]);
export type LessonRoute = z.infer<typeof lessonRouteSchema>;

const pointsSchema = z.number().int().default(0);

// The navigation state of each result screen: the contract between the player and those screens.
export const endLessonPageStateSchema = z.object({ endLesson: endLessonSchema, pointsTotal: pointsSchema });
export const successfulPageStateSchema = z.union([
  z.object({ isBlitz: z.literal(true), pointsTotal: pointsSchema }),
  z.object({
    isBlitz: z.literal(false),
    status: tierSchema,
    endLesson: endLessonSchema,
    pointsTotal: pointsSchema,
  }),
]);
export const unsuccessfulPageStateSchema = z.object({ retry: z.custom<PlayerState>(isPlayerState) });

export type EndLessonPageState = z.infer<typeof endLessonPageStateSchema>;
export type SuccessfulPageState = z.infer<typeof successfulPageStateSchema>;
export type UnsuccessfulPageState = z.infer<typeof unsuccessfulPageStateSchema>;

export interface Destination {
  to: '/endlesson' | '/successful' | '/unsuccessful' | '/dashboard' | '/limit';
  state?: EndLessonPageState | SuccessfulPageState | UnsuccessfulPageState;
}

/** Turns the server's route into the navigation the player makes (with what the next screen needs). */
export function destinationFor(route: LessonRoute, played: PlayerState, pointsTotal: number): Destination {
  switch (route.path) {
    case '/endlesson':
      return { to: '/endlesson', state: { endLesson: route.endLesson, pointsTotal } };
    case '/successful':
      return route.isBlitz
        ? { to: '/successful', state: { isBlitz: true, pointsTotal } }
        : {
            to: '/successful',
            state: { isBlitz: false, status: route.status, endLesson: route.endLesson, pointsTotal },
          };
    case '/unsuccessful':
      return { to: '/unsuccessful', state: { retry: played } };
    case '/dashboard':
      return { to: '/dashboard' };
    case '/limit':
      return { to: '/limit' };
  }
}

/** The player state that plays the lesson named by endLesson.next, if there is one. */
export function nextLessonState(endLesson: EndLesson): PlayerState | undefined {
  return endLesson.next
    ? { kind: 'lesson', lessonId: endLesson.next.lessonId, topicId: endLesson.next.topicId }
    : undefined;
}
