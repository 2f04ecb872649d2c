import { describe, expect, it } from 'vitest';
import {
  destinationFor,
  endLessonPageStateSchema,
  nextLessonState,
  offlineDestination,
  type RunOutcome,
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
  lessonsDoneInTopic: 1,
  lessonsInTopic: 2,
};
const played = { kind: 'lesson', lessonId: 2, topicId: 1 } as const;
const blitz = { kind: 'blitz', blitzTopicId: 7 } as const;

/** The server's answer, with the parts the player reads; a new lesson by default. */
function outcome(
  route: RunOutcome['route'],
  pointsTotal: number,
  more: Partial<RunOutcome> = {},
): RunOutcome {
  return {
    route,
    pointsTotal,
    committed: true,
    rightAnswers: 4,
    errorCount: 1,
    events: [],
    newStatus: null,
    openedTopicIds: [],
    ...more,
  };
}

describe("the server's route after a run", () => {
  it('opens /endlesson with its state', () => {
    const destination = destinationFor(outcome({ path: '/endlesson', endLesson }, 4), played);
    expect(destination).toEqual({ to: '/endlesson', state: { endLesson, pointsTotal: 4 } });
    expect(endLessonPageStateSchema.parse(destination.state)).toEqual({ endLesson, pointsTotal: 4 });
  });

  it('opens /successful with the new status and the end-lesson state, or as a passed blitz', () => {
    const status = { name: 'Tier 2', points: 10 };
    const promoted = destinationFor(
      outcome({ path: '/successful', isBlitz: false, status, endLesson }, 18),
      played,
    );
    expect(promoted.to).toBe('/successful');
    expect(successfulPageStateSchema.parse(promoted.state)).toEqual({
      isBlitz: false,
      status,
      endLesson,
      pointsTotal: 18,
    });
    const passed = destinationFor(outcome({ path: '/successful', isBlitz: true }, 25), blitz);
    expect(successfulPageStateSchema.parse(passed.state)).toEqual({
      isBlitz: true,
      pointsTotal: 25,
      openedTopics: 0,
    });
  });

  it('says how many topics a passed blitz really opened (issue 29 item 10)', () => {
    const passed = destinationFor(
      outcome({ path: '/successful', isBlitz: true }, 25, { openedTopicIds: [8, 9] }),
      blitz,
    );
    expect(passed.state).toEqual({ isBlitz: true, pointsTotal: 25, openedTopics: 2 });
  });

  it('offers the same run again from /unsuccessful', () => {
    const failed = destinationFor(outcome({ path: '/unsuccessful' }, 0, { committed: false }), blitz);
    expect(failed.to).toBe('/unsuccessful');
    expect(unsuccessfulPageStateSchema.parse(failed.state)).toEqual({ retry: blitz });
  });

  it('goes to /limit without state', () => {
    expect(destinationFor(outcome({ path: '/limit' }, 0, { committed: false }), played)).toEqual({
      to: '/limit',
    });
  });

  it('ends a repeated lesson on its summary, with the 0 points it really earned (issue 29)', () => {
    const repeat = destinationFor(
      outcome({ path: '/dashboard' }, 0, { committed: false, rightAnswers: 5, errorCount: 2 }),
      { ...played, repeat: true },
    );
    expect(repeat).toEqual({
      to: '/endlesson',
      state: { summary: { kind: 'repeat', lessonId: 2, rightAnswers: 5, errorCount: 2 }, pointsTotal: 0 },
    });
    expect(endLessonPageStateSchema.parse(repeat.state)).toEqual(repeat.state);
  });

  it('ends a "More words" lesson on its summary, congratulating a new status first (issue 29)', () => {
    const words = outcome({ path: '/dashboard' }, 9, { events: ['more-words'] });
    expect(destinationFor(words, played)).toEqual({
      to: '/endlesson',
      state: { summary: { kind: 'more-words', lessonId: 2, rightAnswers: 4, errorCount: 1 }, pointsTotal: 9 },
    });
    const status = { name: 'Tier 3', points: 50 };
    const promoted = destinationFor({ ...words, newStatus: status }, played);
    expect(promoted.to).toBe('/successful');
    expect(successfulPageStateSchema.parse(promoted.state)).toEqual({
      isBlitz: false,
      status,
      summary: { kind: 'more-words', lessonId: 2, rightAnswers: 4, errorCount: 1 },
      pointsTotal: 9,
    });
  });

  it('ends the course with its summary', () => {
    const last = destinationFor(
      outcome({ path: '/dashboard' }, 514, { events: ['course-finished'] }),
      played,
    );
    expect(last.state).toMatchObject({ summary: { kind: 'course-finished' }, pointsTotal: 514 });
  });

  it('shows a lesson saved offline with provisional points: a point per right answer, none for a repeat', () => {
    expect(offlineDestination({ correct: 6, mistakes: 1 }, played)).toEqual({
      to: '/endlesson',
      state: {
        summary: { kind: 'saved-offline', lessonId: 2, rightAnswers: 6, errorCount: 1 },
        pointsTotal: 6,
      },
    });
    expect(offlineDestination({ correct: 6, mistakes: 1 }, { ...played, repeat: true }).state).toMatchObject({
      pointsTotal: 0,
    });
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
