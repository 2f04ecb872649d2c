import { describe, expect, it } from 'vitest';
import { buildCourseView } from './course-view.ts';
import {
  courseLesson,
  courseTopic,
  programProgress,
  selectedCourse,
  topicProgress,
} from './testing/dashboard-answer.ts';

/** The selected program as GET /api/learning/dashboard names it: no rules texts, only whether they exist. */
const course = selectedCourse(
  [
    courseTopic(
      10,
      'Greetings',
      [
        courseLesson(100, 'Rules', { type: 1, hasRules: true }),
        courseLesson(101, 'Hello', { description: 'Say hi' }),
      ],
      { basic: true },
    ),
    courseTopic(20, 'Food', [], { hasRules: true }),
  ],
  { color: '#f59e0b' },
);

const program = programProgress({ topicId: 10, lessonId: 101 }, [
  topicProgress(10, 'current', [
    [100, 'available'],
    [101, 'available'],
  ]),
  topicProgress(20, 'locked', []),
]);

describe('buildCourseView from the dashboard answer', () => {
  it('keeps the rules flags without their texts, which are read when opened', () => {
    const view = buildCourseView(program, course);
    const [greetings, food] = view.topics;
    expect(greetings).toMatchObject({ name: 'Greetings', hasRules: false, html: null, basic: true });
    expect(
      greetings?.lessons.map((lesson) => [lesson.name, lesson.kind, lesson.hasRules, lesson.html]),
    ).toEqual([
      ['Rules', 'rules', true, null],
      ['Hello', 'lesson', false, null],
    ]);
    expect(greetings?.lessons[1]?.description).toBe('Say hi');
    expect(food).toMatchObject({ name: 'Food', hasRules: true, state: 'locked' });
    expect(view.next?.lesson.name).toBe('Hello');
  });

  it('lists nothing while the course is not known', () => {
    expect(buildCourseView(program, null).topics).toEqual([]);
  });
});
