import { describe, expect, it } from 'vitest';
import {
  destinationFor,
  endLessonPageStateSchema,
  nextLessonState,
  successfulPageStateSchema,
  unsuccessfulPageStateSchema,
  type EndLesson,
} from './result-state.ts';

const endLesson: EndLesson = {
  topicId: 1,
  lessonId: 2,
  remainingLessonsInTopic: 1,
  next: { topicId: 1, lessonId: 3 },
  nextIsNewTopic: false,
  nextAvailable: true,
};
const played = { kind: 'lesson', lessonId: 2, topicId: 1 } as const;
const blitz = { kind: 'blitz', blitzTopicId: 7 } as const;

describe("the server's route after a run", () => {
  it('opens /endlesson with its state', () => {
    const destination = destinationFor({ path: '/endlesson', endLesson }, played, 4);
    expect(destination).toEqual({ to: '/endlesson', state: { endLesson, pointsTotal: 4 } });
    expect(endLessonPageStateSchema.parse(destination.state)).toEqual({ endLesson, pointsTotal: 4 });
  });

  it('opens /successful with the new status and the end-lesson state, or as a passed blitz', () => {
    const status = { name: 'Tier 2', points: 10 };
    const promoted = destinationFor({ path: '/successful', isBlitz: false, status, endLesson }, played, 18);
    expect(promoted.to).toBe('/successful');
    expect(successfulPageStateSchema.parse(promoted.state)).toEqual({
      isBlitz: false,
      status,
      endLesson,
      pointsTotal: 18,
    });
    const passed = destinationFor({ path: '/successful', isBlitz: true }, blitz, 25);
    expect(successfulPageStateSchema.parse(passed.state)).toEqual({ isBlitz: true, pointsTotal: 25 });
  });

  it('offers the same run again from /unsuccessful', () => {
    const failed = destinationFor({ path: '/unsuccessful' }, blitz, 0);
    expect(failed.to).toBe('/unsuccessful');
    expect(unsuccessfulPageStateSchema.parse(failed.state)).toEqual({ retry: blitz });
  });

  it('goes to /dashboard or /limit without state', () => {
    expect(destinationFor({ path: '/dashboard' }, played, 0)).toEqual({ to: '/dashboard' });
    expect(destinationFor({ path: '/limit' }, played, 0)).toEqual({ to: '/limit' });
  });

  it('refuses result screens opened without their state', () => {
    expect(endLessonPageStateSchema.safeParse(null).success).toBe(false);
    expect(successfulPageStateSchema.safeParse({ isBlitz: false }).success).toBe(false);
    expect(unsuccessfulPageStateSchema.safeParse({ retry: { kind: 'lesson' } }).success).toBe(false);
  });

  it('plays endLesson.next as the next lesson', () => {
    expect(nextLessonState(endLesson)).toEqual({ kind: 'lesson', lessonId: 3, topicId: 1 });
    expect(nextLessonState({ ...endLesson, next: null })).toBeUndefined();
  });
});
