import type { Exercise } from '@parlo/core/exercises/registry';
import { describe, expect, it } from 'vitest';
import { courseContextOf, exercisePath, regularLessonsOf, type PlayableLesson } from './course-context.ts';

const lesson = (id: number, name: string, type: 0 | 1 | 2, html: string | null = null) => ({
  id,
  name,
  description: null,
  topicId: 10,
  type,
  order: id,
  html,
});

const playable: PlayableLesson = {
  language: { id: 1, name: 'English' },
  coursePackage: { id: 2, name: 'German' },
  program: {
    id: 3,
    name: 'German for beginners',
    languageCode: 'de',
    topics: [
      { id: 10, name: 'Greetings' },
      { id: 11, name: 'Blitz: the basics' },
    ],
  },
  topic: {
    id: 10,
    name: 'Greetings',
    icon: null,
    iconBw: null,
    programId: 3,
    type: 0,
    basic: true,
    html: '<p>Topic text</p>',
    order: 1,
    lessons: [
      lesson(100, 'Greetings: rules', 1, '<p>Rules lesson text</p>'),
      lesson(101, 'Hello', 0),
      lesson(102, 'Good morning', 0),
      lesson(103, 'More words', 2),
    ],
  },
  exercises: [],
};

const exercise = (lessonId: number) => ({ id: 7, type: 2, lessonId }) as unknown as Exercise;

describe('the player context from the lesson call (ADR 027)', () => {
  it("names a lesson with its topic, course and rules (the rules lesson's text first)", () => {
    expect(courseContextOf(playable, { lessonId: 101 })).toEqual({
      language: { id: 1, name: 'English' },
      coursePackage: { id: 2, name: 'German' },
      program: { id: 3, name: 'German for beginners', languageCode: 'de' },
      topic: { id: 10, name: 'Greetings' },
      lesson: { id: 101, name: 'Hello' },
      rulesHtml: '<p>Rules lesson text</p>',
    });
  });

  it("names another topic of the program (a blitz) without the lesson's rules", () => {
    const context = courseContextOf(playable, { topicId: 11 });
    expect(context.topic).toEqual({ id: 11, name: 'Blitz: the basics' });
    expect(context.rulesHtml).toBeUndefined();
    expect(context.lesson).toBeUndefined();
    expect(context.program.languageCode).toBe('de');
  });

  it("falls back to the topic's own text when no rules lesson has one", () => {
    const withoutRulesLesson = {
      ...playable,
      topic: { ...playable.topic, lessons: playable.topic.lessons.filter((item) => item.type !== 1) },
    };
    expect(courseContextOf(withoutRulesLesson, { lessonId: 101 }).rulesHtml).toBe('<p>Topic text</p>');
  });

  it('reports the whole path for an exercise of the lesson, the course part for one of another topic', () => {
    expect(exercisePath(exercise(101), playable)).toEqual({
      language: { id: 1, name: 'English' },
      coursePackage: { id: 2, name: 'German' },
      program: { id: 3, name: 'German for beginners' },
      topic: { id: 10, name: 'Greetings' },
      lesson: { id: 101, name: 'Hello' },
      exercise: { id: 7, type: 2 },
    });
    expect(exercisePath(exercise(999), playable)).toEqual({
      language: { id: 1, name: 'English' },
      coursePackage: { id: 2, name: 'German' },
      program: { id: 3, name: 'German for beginners' },
      exercise: { id: 7, type: 2 },
    });
    expect(exercisePath(exercise(101), undefined)).toEqual({ exercise: { id: 7, type: 2 } });
  });

  it("counts the regular lessons of a topic (the end screen's progress)", () => {
    expect(regularLessonsOf(playable.topic).map((item) => item.name)).toEqual(['Hello', 'Good morning']);
  });
});
