import { endLessonSchema, lessonRouteSchema, tierSchema } from '@parlo/core/scoring/lesson-route';
import { z } from 'zod';
import { isPlayerState, type PlayerState } from '../../lib/player-route.ts';

export type EndLesson = z.infer<typeof endLessonSchema>;
export type LessonRoute = z.infer<typeof lessonRouteSchema>;
export { endLessonSchema, lessonRouteSchema };

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
