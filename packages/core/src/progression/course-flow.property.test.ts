import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coursePath, findLesson, LESSON_REGULAR, orderedLessons, orderedTopics } from './catalogue.ts';
import type { CatalogueProgram } from './catalogue.ts';
import { sampleKey } from './catalogue-fixture.ts';
import {
  advanceProgress,
  blitzTopics,
  canStartLesson,
  chooseLevel,
  isLessonAlreadyLearned,
  nextLessonAfter,
  recordBlitzPassed,
} from './course-flow.ts';

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

/** Course order of every lesson, as (topic index, lesson index) flattened. */
function courseOrder(program: CatalogueProgram): number[] {
  return orderedTopics(program).flatMap((topic) => orderedLessons(topic).map((lesson) => lesson.id));
}

describe('progression invariants', () => {
  it('nextLessonAfter always moves forward to a regular lesson', () => {
    fc.assert(
      fc.property(programArbitrary, (program) => {
        const order = courseOrder(program);
        for (const lessonId of order) {
          const next = nextLessonAfter(program, lessonId);
          if (next === null) continue;
          expect(order.indexOf(next.lessonId)).toBeGreaterThan(order.indexOf(lessonId));
          const location = findLesson(program, next.lessonId);
          expect(location?.lesson.type).toBe(LESSON_REGULAR);
          expect(location?.topic.type).toBe(0);
          expect(location?.topic.id).toBe(next.topicId);
        }
      }),
    );
  });

  it('walking from the first lesson visits every regular lesson once, then finishes', () => {
    fc.assert(
      fc.property(programArbitrary, (program) => {
        const path = coursePath(program).map((step) => step.lesson.id);
        const visited: number[] = [];
        let current = path[0];
        while (current !== undefined) {
          visited.push(current);
          current = nextLessonAfter(program, current)?.lessonId;
          expect(visited.length).toBeLessThanOrEqual(path.length);
        }
        expect(visited).toEqual(path);
      }),
    );
  });

  it('learning lesson after lesson (passing blitzes when they block) finishes the course', () => {
    fc.assert(
      fc.property(
        programArbitrary,
        fc.constantFrom('basics' as const, 'beginning' as const),
        (program, level) => {
          let progress = chooseLevel(program, sampleKey, level);
          const blitzIds = blitzTopics(program).map((blitz) => blitz.id);
          for (let guard = 0; !progress.finished; guard += 1) {
            expect(guard).toBeLessThan(100);
            const lessonId = progress.lessonId;
            expect(lessonId).not.toBeNull();
            if (lessonId === null) break;
            expect(isLessonAlreadyLearned(program, progress, lessonId)).toBe(false);
            if (!canStartLesson(program, progress, lessonId)) {
              const blocking = blitzIds.find((id) => !progress.passedBlitzes.includes(id));
              expect(blocking).toBeDefined();
              progress = recordBlitzPassed(progress, blocking ?? -1);
              continue;
            }
            const advanced = advanceProgress(program, progress, lessonId);
            expect(isLessonAlreadyLearned(program, advanced, lessonId)).toBe(true);
            progress = advanced;
          }
          for (const step of coursePath(program)) {
            expect(isLessonAlreadyLearned(program, progress, step.lesson.id)).toBe(true);
          }
        },
      ),
    );
  });

  it('never lets a learner start a regular lesson beyond the frontier', () => {
    fc.assert(
      fc.property(programArbitrary, fc.nat(), (program, steps) => {
        let progress = chooseLevel(program, sampleKey, 'beginning');
        for (const blitz of blitzTopics(program)) progress = recordBlitzPassed(progress, blitz.id);
        const path = coursePath(program);
        for (let i = 0; i < steps % (path.length + 1) && progress.lessonId !== null; i += 1) {
          progress = advanceProgress(program, progress, progress.lessonId);
        }
        const frontier = progress.finished
          ? path.length
          : path.findIndex((step) => step.lesson.id === progress.lessonId);
        path.forEach((step, index) => {
          expect(canStartLesson(program, progress, step.lesson.id)).toBe(index <= frontier);
        });
      }),
    );
  });
});
