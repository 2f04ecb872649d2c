import { describe, expect, it } from 'vitest';
import type { CatalogueProgram } from '../../lib/catalogue.ts';
import type { OverviewProgram } from './api/overview.ts';
import { buildCourseView, clampPercent, topicRulesTexts, weekActivityDays } from './course-view.ts';

const lesson = (id: number, name: string, type: 0 | 1 | 2 = 0, html: string | null = null) => ({
  id,
  name,
  description: null,
  topicId: Math.floor(id / 10),
  type,
  order: id,
  html,
});

const catalogueProgram: CatalogueProgram = {
  id: 1,
  name: 'German for beginners',
  description: null,
  languageCode: 'de',
  packageId: 7,
  order: 1,
  topics: [
    {
      id: 10,
      name: 'Greetings',
      icon: '/media/pictures/1F44B.svg',
      iconBw: null,
      programId: 1,
      type: 0,
      basic: true,
      html: '<p>Say hello</p>',
      order: 1,
      lessons: [
        lesson(100, 'Rules', 1, '<p>Hallo!</p>'),
        lesson(101, 'Hello'),
        lesson(102, 'Morning'),
        lesson(103, 'More words', 2),
      ],
    },
    {
      id: 20,
      name: 'Blitz',
      icon: null,
      iconBw: null,
      programId: 1,
      type: 2,
      basic: false,
      html: null,
      order: 2,
      lessons: [],
    },
    {
      id: 30,
      name: 'Food',
      icon: null,
      iconBw: null,
      programId: 1,
      type: 0,
      basic: false,
      html: null,
      order: 3,
      lessons: [lesson(301, 'Breakfast')],
    },
  ],
};

function overview(overrides: Partial<OverviewProgram> = {}): OverviewProgram {
  return {
    programId: 1,
    packageId: 7,
    currentTopicId: 10,
    currentLessonId: 102,
    finished: false,
    topics: [
      {
        id: 10,
        state: 'current',
        blitz: null,
        lessons: [
          { id: 100, state: 'available' },
          { id: 101, state: 'complete' },
          { id: 102, state: 'available' },
          { id: 103, state: 'available' },
        ],
      },
      { id: 20, state: 'current', blitz: 'enabled', lessons: [] },
      { id: 30, state: 'locked', blitz: null, lessons: [{ id: 301, state: 'locked' }] },
    ],
    ...overrides,
  };
}

describe('buildCourseView', () => {
  it('joins the server states with the catalogue names, icons and rules', () => {
    const view = buildCourseView(overview(), catalogueProgram);
    expect(view.topics.map((topic) => [topic.name, topic.state, topic.isBlitz, topic.blitz])).toEqual([
      ['Greetings', 'current', false, null],
      ['Blitz', 'current', true, 'enabled'],
      ['Food', 'locked', false, null],
    ]);
    const greetings = view.topics[0];
    expect(greetings?.icon).toBe('/media/pictures/1F44B.svg');
    expect(greetings?.lessons.map((item) => [item.name, item.kind, item.state])).toEqual([
      ['Rules', 'rules', 'available'],
      ['Hello', 'lesson', 'complete'],
      ['Morning', 'lesson', 'available'],
      ['More words', 'review', 'available'],
    ]);
    expect(greetings?.lessons[0]?.html).toBe('<p>Hallo!</p>');
    // Rules are read and the word review is optional: neither counts towards the topic's lessons, as on
    // /endlesson (core topicLessonCount, issue 29 item 16).
    expect([greetings?.done, greetings?.total]).toEqual([1, 2]);
  });

  it('offers the current lesson next, and counts progress over regular lessons only', () => {
    const view = buildCourseView(overview(), catalogueProgram);
    expect(view.next?.lesson.name).toBe('Morning');
    expect(view.next?.topic.name).toBe('Greetings');
    expect([view.completedTopics, view.totalTopics]).toEqual([0, 2]);
    expect(view.percent).toBe(33);
  });

  it('falls back to the first open regular lesson when the current one is not open', () => {
    const view = buildCourseView(overview({ currentLessonId: 999 }), catalogueProgram);
    expect(view.next?.lesson.name).toBe('Morning');
  });

  it('has no next lesson when nothing is open, and 100 % once finished', () => {
    const topics = overview().topics.map((topic) => ({
      ...topic,
      state: 'complete' as const,
      lessons: topic.lessons.map((item) => ({ ...item, state: 'complete' as const })),
    }));
    const view = buildCourseView(
      overview({ topics, finished: true, currentLessonId: null }),
      catalogueProgram,
    );
    expect(view.next).toBeNull();
    expect(view.percent).toBe(100);
    expect(view.completedTopics).toBe(2);
  });

  it('counts every lesson of a finished topic as done, an unplayed word review not being one', () => {
    const topics = overview().topics.map((topic) =>
      topic.id === 10
        ? {
            ...topic,
            state: 'complete' as const,
            lessons: topic.lessons.map((item) => ({
              ...item,
              state: item.id === 103 ? ('available' as const) : ('complete' as const),
            })),
          }
        : topic,
    );
    const greetings = buildCourseView(overview({ topics }), catalogueProgram).topics[0];
    expect([greetings?.done, greetings?.total]).toEqual([2, 2]);
  });

  it('leaves out what the cached catalogue does not know yet', () => {
    const stale = { ...catalogueProgram, topics: catalogueProgram.topics.slice(0, 1) };
    const view = buildCourseView(overview(), stale);
    expect(view.topics.map((topic) => topic.name)).toEqual(['Greetings']);
    expect(buildCourseView(overview(), undefined).topics).toEqual([]);
  });
});

describe('topicRulesTexts', () => {
  it("prints each rule text once, even when a rules lesson repeats the topic's own text", () => {
    const topic = {
      html: '<p>Say hello</p>',
      lessons: [
        lesson(1, 'Rules', 1, ' <p>Say hello</p>'.trim()),
        lesson(2, 'More', 1, '<p>Hallo!</p>'),
        lesson(3, 'Hello'),
      ],
    };
    expect(topicRulesTexts(topic)).toEqual(['<p>Say hello</p>', '<p>Hallo!</p>']);
    expect(topicRulesTexts({ html: null, lessons: [lesson(1, 'Rules', 1, '  ')] })).toEqual([]);
  });
});

describe('small dashboard helpers', () => {
  it('keep percentages within 0-100', () => {
    expect(clampPercent(50)).toBe(50);
    expect(clampPercent(100 / 14)).toBe(7);
    expect(clampPercent(140)).toBe(100);
    expect(clampPercent(-3)).toBe(0);
    expect(clampPercent(Number.NaN)).toBe(0);
  });

  it('always give seven training days, Monday first', () => {
    expect(weekActivityDays([true, false, true])).toEqual([true, false, true, false, false, false, false]);
    expect(weekActivityDays(undefined)).toHaveLength(7);
  });
});
