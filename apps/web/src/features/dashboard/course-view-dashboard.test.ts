import { describe, expect, it } from 'vitest';
import type { DashboardCourse } from './api/dashboard.ts';
import type { OverviewProgram } from './api/overview.ts';
import { buildCourseView } from './course-view.ts';

/** The selected program as GET /api/learning/dashboard names it: no rules texts, only whether they exist. */
const course: DashboardCourse = {
  packageId: 7,
  programId: 1,
  courseName: 'German',
  color: '#f59e0b',
  programName: 'German for beginners',
  languageCode: 'de',
  programs: [{ id: 1, name: 'German for beginners' }],
  topics: [
    {
      id: 10,
      name: 'Greetings',
      icon: null,
      type: 0,
      basic: true,
      hasRules: false,
      lessons: [
        { id: 100, name: 'Rules', description: null, type: 1, hasRules: true },
        { id: 101, name: 'Hello', description: 'Say hi', type: 0, hasRules: false },
      ],
    },
    { id: 20, name: 'Food', icon: null, type: 0, basic: false, hasRules: true, lessons: [] },
  ],
};

const program: OverviewProgram = {
  programId: 1,
  packageId: 7,
  currentTopicId: 10,
  currentLessonId: 101,
  finished: false,
  topics: [
    {
      id: 10,
      state: 'current',
      blitz: null,
      lessons: [
        { id: 100, state: 'available' },
        { id: 101, state: 'available' },
      ],
    },
    { id: 20, state: 'locked', blitz: null, lessons: [] },
  ],
};

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
