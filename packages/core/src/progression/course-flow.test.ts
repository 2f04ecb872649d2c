import { describe, expect, it } from 'vitest';
import { coursePath } from './catalogue.ts';
import { lesson, sampleKey, sampleProgram as program, topic } from './catalogue-fixture.ts';
import {
  advanceProgress,
  blitzRefusal,
  blitzStates,
  blitzTopicsFor,
  canStartBlitz,
  canStartLesson,
  chooseLevel,
  enabledBlitz,
  frontierPosition,
  isBlitzReached,
  isLessonAlreadyLearned,
  isTopicLearnedBy,
  lessonStates,
  nextLessonAfter,
  progressTransitionError,
  recordBlitzPassed,
  topicsOpenedBy,
  topicStates,
} from './course-flow.ts';
import {
  emptyProgramProgress,
  programProgressSchema,
  selectedProgramProgress,
  selectProgram,
} from './progress.ts';
import type { ProgramProgress } from './progress.ts';

const beginning = chooseLevel(program, sampleKey, 'beginning');
const at = (lessonId: number, extra: Partial<ProgramProgress> = {}): ProgramProgress => {
  const step = coursePath(program).find((candidate) => candidate.lesson.id === lessonId);
  return { ...beginning, topicId: step?.topic.id ?? null, lessonId, ...extra };
};
const finished: ProgramProgress = {
  ...beginning,
  topicId: null,
  lessonId: null,
  finished: true,
  passedBlitzes: [30],
};

describe('course path', () => {
  it('orders topics and lessons by order and keeps only regular lessons of normal topics', () => {
    expect(coursePath(program).map((step) => step.lesson.id)).toEqual([102, 103, 201, 401, 402, 601]);
  });
});

describe('chooseLevel', () => {
  it("'start' selects the first topic and its first regular lesson", () => {
    expect(beginning).toEqual({
      ...sampleKey,
      topicId: 10,
      lessonId: 102,
      selected: true,
      finished: false,
      passedBlitzes: [],
      reviewedLessons: [],
    });
  });
  it("'know basics' marks the basic topics done and starts at the next normal topic", () => {
    const basics = chooseLevel(program, sampleKey, 'basics');
    expect(basics).toMatchObject({ topicId: 40, lessonId: 401, passedBlitzes: [30] });
    expect(topicStates(program, basics).get(10)).toBe('complete');
    expect(topicStates(program, basics).get(20)).toBe('complete');
    expect(topicStates(program, basics).get(40)).toBe('current');
  });
  it('finishes at once when every topic is basic', () => {
    const allBasic = { id: 2, topics: [topic(1, [lesson(11)], { basic: true })] };
    expect(chooseLevel(allBasic, sampleKey, 'basics')).toMatchObject({ finished: true, lessonId: null });
  });
  it('starts finished on an empty program', () => {
    expect(chooseLevel({ id: 3, topics: [] }, sampleKey, 'beginning').finished).toBe(true);
  });
});

describe('nextLessonAfter', () => {
  it.each([
    [102, { topicId: 10, lessonId: 103 }],
    [103, { topicId: 20, lessonId: 201 }],
    [201, { topicId: 40, lessonId: 401 }],
    [402, { topicId: 60, lessonId: 601 }],
    [101, { topicId: 10, lessonId: 102 }],
    [104, { topicId: 20, lessonId: 201 }],
    [501, { topicId: 60, lessonId: 601 }],
    [601, null],
  ])('after %i comes %j', (lessonId, next) => {
    expect(nextLessonAfter(program, lessonId)).toEqual(next);
  });
  it('throws for a lesson outside the program', () => {
    expect(() => nextLessonAfter(program, 999)).toThrow(RangeError);
  });
});

describe('isLessonAlreadyLearned', () => {
  const progress = at(401, { passedBlitzes: [30] });
  it.each([
    [102, true],
    [201, true],
    [401, false],
    [402, false],
    [101, false],
    [999, false],
  ])('lesson %i -> %s', (lessonId, learned) => {
    expect(isLessonAlreadyLearned(program, progress, lessonId)).toBe(learned);
  });
  it('knows word reviews by their first completion', () => {
    expect(isLessonAlreadyLearned(program, progress, 104)).toBe(false);
    expect(isLessonAlreadyLearned(program, { ...progress, reviewedLessons: [104] }, 104)).toBe(true);
  });
  it('counts every regular lesson once the course is finished', () => {
    expect(isLessonAlreadyLearned(program, finished, 601)).toBe(true);
  });
});

describe('isTopicLearnedBy', () => {
  it.each([
    [102, false],
    [103, true],
    [201, true],
    [104, false],
    [101, false],
    [601, true],
  ])('lesson %i -> %s', (lessonId, learned) => {
    expect(isTopicLearnedBy(program, lessonId)).toBe(learned);
  });
});

describe('blitzes', () => {
  it('cover the normal topics since the previous type-2 topic', () => {
    expect(blitzTopicsFor(program, 30).map((t) => t.id)).toEqual([10, 20]);
    expect(blitzTopicsFor(program, 70).map((t) => t.id)).toEqual([40, 50, 60]);
    expect(blitzTopicsFor(program, 60).map((t) => t.id)).toEqual([40, 50]);
    expect(blitzTopicsFor(program, 40)).toEqual([]);
    expect(blitzTopicsFor(program, 999)).toEqual([]);
  });
  it('enable only the first one not passed, once its topics are learned (issue 29 item 10)', () => {
    // At the start nothing the first blitz covers is learned: it is not playable yet.
    expect([...blitzStates(program, beginning)]).toEqual([
      [30, 'locked'],
      [70, 'locked'],
    ]);
    expect(blitzRefusal(program, beginning, 30)).toBe('not-reached');
    expect(isBlitzReached(program, at(201), 30)).toBe(false);
    // Topics 10 and 20 learned: the frontier waits behind the blitz.
    const reached = at(401);
    expect(isBlitzReached(program, reached, 30)).toBe(true);
    expect([...blitzStates(program, reached)]).toEqual([
      [30, 'enabled'],
      [70, 'locked'],
    ]);
    expect(enabledBlitz(program, reached)?.id).toBe(30);
    expect(blitzRefusal(program, reached, 30)).toBeNull();
    expect(blitzRefusal(program, reached, 70)).toBe('earlier-blitz');
    expect(blitzRefusal(program, reached, 999)).toBe('unknown');
    const passed = recordBlitzPassed(reached, 30);
    // Passing it opens the topic after it; the next blitz waits until its own topics are learned.
    expect(topicsOpenedBy(program, reached, passed)).toEqual([40]);
    expect([...blitzStates(program, passed)]).toEqual([
      [30, 'passed'],
      [70, 'locked'],
    ]);
    expect(canStartBlitz(program, passed, 30)).toBe(false);
    expect(blitzRefusal(program, passed, 30)).toBe('passed');
    expect(blitzRefusal(program, passed, 70)).toBe('not-reached');
    const finished = { ...passed, topicId: null, lessonId: null, finished: true };
    expect(canStartBlitz(program, finished, 70)).toBe(true);
    expect(recordBlitzPassed(passed, 30)).toBe(passed);
  });
  it('ignore a type-2 topic that covers nothing', () => {
    const leading = { id: 4, topics: [topic(1, [], { type: 2 }), topic(2, [lesson(21)])] };
    expect(blitzStates(leading, chooseLevel(leading, sampleKey, 'beginning')).size).toBe(0);
  });
});

describe('topic and lesson states', () => {
  it('at the start: the first topic is current, the rest locked, the first blitz too', () => {
    expect(Object.fromEntries(topicStates(program, beginning))).toEqual({
      10: 'current',
      20: 'locked',
      30: 'locked',
      40: 'locked',
      50: 'locked',
      60: 'locked',
      70: 'locked',
    });
    expect(Object.fromEntries(lessonStates(program, beginning, 10))).toEqual({
      101: 'available',
      102: 'available',
      103: 'locked',
      104: 'available',
    });
  });
  it('keeps the topic behind an unpassed blitz locked until the blitz is passed', () => {
    const waiting = at(401);
    expect(topicStates(program, waiting).get(40)).toBe('locked');
    expect(lessonStates(program, waiting, 40).get(401)).toBe('locked');
    expect(canStartLesson(program, waiting, 401)).toBe(false);
    expect(canStartLesson(program, waiting, 102)).toBe(true);
    const unlocked = recordBlitzPassed(waiting, 30);
    expect(topicStates(program, unlocked).get(40)).toBe('current');
    expect(canStartLesson(program, unlocked, 401)).toBe(true);
  });
  it('marks lessons before the frontier complete', () => {
    const progress = at(103, { reviewedLessons: [104] });
    expect(Object.fromEntries(lessonStates(program, progress, 10))).toEqual({
      101: 'available',
      102: 'complete',
      103: 'available',
      104: 'complete',
    });
    expect(lessonStates(program, progress, 999).size).toBe(0);
  });
  it('shows everything complete once finished and every blitz passed', () => {
    const done = { ...finished, passedBlitzes: [30, 70] };
    expect(new Set(topicStates(program, done).values())).toEqual(new Set(['complete']));
    expect(lessonStates(program, done, 60).get(601)).toBe('complete');
  });
});

describe('canStartLesson', () => {
  const progress = at(103);
  it.each([
    [102, true],
    [103, true],
    [201, false],
    [401, false],
    [101, false],
    [104, true],
    [999, false],
  ])('lesson %i -> %s', (lessonId, allowed) => {
    expect(canStartLesson(program, progress, lessonId)).toBe(allowed);
  });
  it('refuses word reviews of locked topics', () => {
    const later = { id: 9, topics: [topic(1, [lesson(11)]), topic(2, [lesson(21), lesson(22, 2)])] };
    const start = chooseLevel(later, sampleKey, 'beginning');
    expect(canStartLesson(later, start, 22)).toBe(false);
    expect(canStartLesson(later, advanceProgress(later, start, 11), 22)).toBe(true);
  });
});

describe('advanceProgress', () => {
  it('moves the frontier when the frontier lesson is learned', () => {
    expect(advanceProgress(program, beginning, 102)).toMatchObject({ topicId: 10, lessonId: 103 });
    expect(advanceProgress(program, at(103), 103)).toMatchObject({ topicId: 20, lessonId: 201 });
  });
  it('finishes after the last lesson', () => {
    expect(advanceProgress(program, at(601), 601)).toMatchObject({
      finished: true,
      lessonId: null,
      topicId: null,
    });
  });
  it('ignores repeats, unknown lessons and rules', () => {
    const progress = at(103);
    expect(advanceProgress(program, progress, 102)).toBe(progress);
    expect(advanceProgress(program, progress, 999)).toBe(progress);
    expect(advanceProgress(program, progress, 101)).toBe(progress);
    expect(advanceProgress(program, finished, 601)).toBe(finished);
  });
  it('remembers the first completion of a word review', () => {
    const reviewed = advanceProgress(program, beginning, 104);
    expect(reviewed.reviewedLessons).toEqual([104]);
    expect(reviewed.lessonId).toBe(102);
    expect(advanceProgress(program, reviewed, 104)).toBe(reviewed);
  });
});

describe('frontierPosition', () => {
  it('resumes at the recorded topic when the recorded lesson left the catalogue', () => {
    expect(frontierPosition(program, { ...beginning, topicId: 20, lessonId: 999 })).toBe(2);
    expect(frontierPosition(program, { ...beginning, topicId: 999, lessonId: 999 })).toBe(0);
    expect(frontierPosition(program, emptyProgramProgress(sampleKey))).toBe(0);
  });
});

describe('progressTransitionError', () => {
  const stored = at(401, { passedBlitzes: [30] });
  it.each<[Partial<ProgramProgress>, string | null]>([
    [{}, null],
    [{ selected: false }, null],
    [{ topicId: 10, lessonId: 102, passedBlitzes: [] }, null],
    [{ topicId: 40, lessonId: 402 }, 'moved-ahead'],
    [{ topicId: null, lessonId: null, finished: true }, 'finished-ahead'],
    [{ passedBlitzes: [30, 70] }, 'blitz-not-passed'],
    [{ reviewedLessons: [104] }, 'review-not-done'],
    [{ lessonId: 101 }, 'unknown-lesson'],
    [{ topicId: 10, lessonId: 401 }, 'unknown-lesson'],
    [{ programId: 2 }, 'program-mismatch'],
    [{ packageId: 99 }, 'program-mismatch'],
  ])('%j -> %s', (change, error) => {
    expect(progressTransitionError(program, stored, { ...stored, ...change })).toBe(error);
  });
});

describe('progress record', () => {
  it('parses stored JSON, defaulting the lists', () => {
    const stored = { ...sampleKey, topicId: 10, lessonId: 102, selected: true, finished: false, extra: 1 };
    expect(programProgressSchema.parse(stored)).toEqual({
      ...sampleKey,
      topicId: 10,
      lessonId: 102,
      selected: true,
      finished: false,
      passedBlitzes: [],
      reviewedLessons: [],
    });
    expect(programProgressSchema.safeParse({ ...stored, lessonId: 'x' }).success).toBe(false);
  });
  it('selects one program at a time and keeps the others', () => {
    const first = selectProgram({ selected: [] }, sampleKey);
    const second = selectProgram(first, { ...sampleKey, programId: 2 });
    expect(second.selected.map((entry) => [entry.programId, entry.selected])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(selectedProgramProgress(selectProgram(second, sampleKey))?.programId).toBe(1);
  });
});

describe('lessons of a blitz topic', () => {
  it('share the state of the blitz', () => {
    const withBlitzLesson = {
      id: 8,
      topics: [topic(1, [lesson(11)]), topic(2, [lesson(21, 2)], { type: 2 as const })],
    };
    const start = chooseLevel(withBlitzLesson, sampleKey, 'beginning');
    expect(lessonStates(withBlitzLesson, start, 2).get(21)).toBe('locked');
    const reached = advanceProgress(withBlitzLesson, start, 11);
    expect(lessonStates(withBlitzLesson, reached, 2).get(21)).toBe('available');
    expect(lessonStates(withBlitzLesson, recordBlitzPassed(reached, 2), 2).get(21)).toBe('complete');
    expect(canStartLesson(withBlitzLesson, start, 21)).toBe(false);
  });
});
