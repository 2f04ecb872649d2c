import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coursePath, orderedLessons, orderedTopics, type CatalogueProgram } from './catalogue.ts';
import { sampleKey, sampleProgram } from './catalogue-fixture.ts';
import { blitzStates, chooseLevel, courseStates, lessonStates, topicStates } from './course-flow.ts';
import type { ProgramProgress } from './progress.ts';

/** Programs of any shape: blitz topics anywhere, empty topics, rules and reviews, clashing `order` values. */
const programArbitrary: fc.Arbitrary<CatalogueProgram> = fc
  .array(
    fc.record({
      type: fc.constantFrom(0 as const, 0 as const, 2 as const),
      basic: fc.boolean(),
      order: fc.integer({ min: 0, max: 5 }),
      lessons: fc.array(
        fc.record({
          type: fc.constantFrom(0 as const, 0 as const, 1 as const, 2 as const),
          order: fc.integer({ min: 0, max: 5 }),
        }),
        { maxLength: 5 },
      ),
    }),
    { maxLength: 8 },
  )
  .map((topics) => {
    let nextId = 1;
    return {
      id: 1,
      topics: topics.map((topic) => ({
        ...topic,
        id: nextId++,
        lessons: topic.lessons.map((lesson) => ({ ...lesson, id: nextId++ })),
      })),
    };
  });

/** A program with any progress record on it: a lesson of it, a vanished one, or none; any blitzes passed. */
const programWithProgress = programArbitrary.chain((program) => {
  const topicIds = program.topics.map((topic) => topic.id);
  const lessons = program.topics.flatMap((topic) =>
    topic.lessons.map((lesson) => ({ topicId: topic.id, lessonId: lesson.id })),
  );
  return fc.record({
    program: fc.constant(program),
    progress: fc.record({
      at: fc.option(fc.oneof(fc.constantFrom(...lessons, { topicId: 999, lessonId: 999 })), {
        nil: null,
      }),
      finished: fc.boolean(),
      passedBlitzes: fc.subarray(topicIds),
      reviewedLessons: fc.subarray(lessons.map((lesson) => lesson.lessonId)),
    }),
  });
});

function progressOf(input: {
  at: { topicId: number; lessonId: number } | null;
  finished: boolean;
  passedBlitzes: number[];
  reviewedLessons: number[];
}): ProgramProgress {
  return {
    ...sampleKey,
    topicId: input.at?.topicId ?? null,
    lessonId: input.at?.lessonId ?? null,
    selected: true,
    finished: input.finished,
    passedBlitzes: input.passedBlitzes,
    reviewedLessons: input.reviewedLessons,
  };
}

describe('courseStates (the overview computed once per course)', () => {
  it('equals topicStates, blitzStates and lessonStates of every topic, for any program and progress', () => {
    fc.assert(
      fc.property(programWithProgress, ({ program, progress: input }) => {
        const progress = progressOf(input);
        const once = courseStates(program, progress);
        expect(once.topics).toEqual(topicStates(program, progress));
        expect(once.blitzes).toEqual(blitzStates(program, progress));
        for (const topic of program.topics) {
          expect(once.lessons.get(topic.id)).toEqual(lessonStates(program, progress, topic.id));
        }
        expect([...once.lessons.keys()].sort()).toEqual([...new Set(program.topics.map((t) => t.id))].sort());
      }),
      { numRuns: 300 },
    );
  });

  it('gives the sample course’s states from a chosen level', () => {
    const progress = chooseLevel(sampleProgram, sampleKey, 'beginning');
    const states = courseStates(sampleProgram, progress);
    const first = orderedTopics(sampleProgram)[0]!;
    expect(states.topics.get(first.id)).toBe('current');
    expect(states.lessons.get(first.id)).toEqual(lessonStates(sampleProgram, progress, first.id));
  });
});

describe('sorted course views', () => {
  it('are the same sorted order on every call, and cannot be changed by a caller', () => {
    fc.assert(
      fc.property(programArbitrary, (program) => {
        const sorted = [...program.topics].sort((a, b) => a.order - b.order || a.id - b.id);
        expect(orderedTopics(program)).toEqual(sorted);
        expect(orderedTopics(program)).toBe(orderedTopics(program));
        expect(coursePath(program)).toBe(coursePath(program));
        expect(() => (orderedTopics(program) as unknown as number[]).push(1)).toThrow(TypeError);
        for (const topic of program.topics) {
          expect(orderedLessons(topic)).toEqual(
            [...topic.lessons].sort((a, b) => a.order - b.order || a.id - b.id),
          );
        }
      }),
      { numRuns: 100 },
    );
  });
});
