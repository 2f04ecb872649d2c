import { describe, expect, it } from 'vitest';
import {
  courseShortfalls,
  courseStats,
  courseThresholds,
  formatCourseStats,
  wordForms,
  type CourseOutline,
} from './course-stats.ts';

/**
 * A two-topic German course: topic 0 (index 0) teaches Kaffee, Tee and Milch, a blitz sits at index 1,
 * topic 2 comes back to Kaffee and Tee. Milch is met once; Wasser never; Zucker is in no sentence.
 */
const tiny: CourseOutline = {
  code: 'de',
  programs: 1,
  topics: [{ hasRules: true }, { hasRules: false }],
  lessons: [
    { kind: 'rules', topicIndex: 0, exercises: [] },
    {
      kind: 'regular',
      topicIndex: 0,
      exercises: [
        { type: 1, itemId: 'kaffee' },
        { type: 4, itemId: 'tee' },
        { type: 5, itemId: 'milch' },
        { type: 9, itemId: 'ich-trinke-kaffee' },
      ],
    },
    { kind: 'word-review', topicIndex: 0, exercises: [{ type: 2, itemId: 'tee' }] },
    { kind: 'rules', topicIndex: 2, exercises: [] },
    {
      kind: 'regular',
      topicIndex: 2,
      exercises: [
        { type: 13, itemId: 'kaffee' },
        { type: 11, itemId: 'trinkst-du-tee' },
        { type: 14, itemId: 'trinkst-du-tee' },
      ],
    },
    { kind: 'word-review', topicIndex: 2, exercises: [{ type: 6, itemId: 'tee' }] },
  ],
  words: [
    { id: 'kaffee', text: 'der Kaffee' },
    { id: 'tee', text: 'der Tee' },
    { id: 'milch', text: 'die Milch' },
    { id: 'wasser', text: 'das Wasser' },
    { id: 'zucker', text: 'der Zucker' },
  ],
  phrases: [
    { id: 'ich-trinke-kaffee', text: 'Ich trinke Kaffee mit Milch.' },
    { id: 'trinkst-du-tee', text: 'Trinkst du Tee oder Wasser?' },
  ],
};

describe('course stats', () => {
  it('counts programs, topics, lessons, words and sentences', () => {
    expect(courseStats(tiny)).toMatchObject({
      code: 'de',
      programs: 1,
      topics: 2,
      topicsWithoutRules: 1,
      lessons: 6,
      regularLessons: 2,
      words: 5,
      sentences: 2,
      exercises: 9,
    });
  });

  it('finds each word without its article in the sentences, as whole words only', () => {
    // Kaffee, Milch, Tee and Wasser occur; Zucker does not.
    expect(courseStats(tiny).wordsInNoSentence).toBe(1);
    const teacup = { ...tiny, phrases: [{ id: 'x', text: 'Die Teetasse ist leer.' }] };
    expect(courseStats(teacup).wordsInNoSentence).toBe(5);
  });

  it('counts the exercises that practise a word, per word', () => {
    // kaffee 2, tee 3, milch 1 = 6 exercises over 5 words.
    expect(courseStats(tiny).exercisesPerWord).toBeCloseTo(6 / 5);
  });

  it('asks each word to come back in a later topic', () => {
    // kaffee and tee come back in topic 2; milch is met once, wasser and zucker never.
    expect(courseStats(tiny).wordsNotMetAgain).toBe(3);
    // Two exercises in two lessons of the same topic are not "a topic later".
    const sameTopic: CourseOutline = {
      ...tiny,
      words: [{ id: 'milch', text: 'die Milch' }],
      lessons: [
        { kind: 'regular', topicIndex: 0, exercises: [{ type: 5, itemId: 'milch' }] },
        { kind: 'word-review', topicIndex: 0, exercises: [{ type: 2, itemId: 'milch' }] },
      ],
    };
    expect(courseStats(sameTopic).wordsNotMetAgain).toBe(1);
  });

  it('gives the share of production exercises (types 9–11, 13, 14)', () => {
    // 9, 13, 11, 14 of 9 exercises.
    expect(courseStats(tiny).productionShare).toBeCloseTo(4 / 9);
  });

  it('is all zeros for an empty course', () => {
    const empty = courseStats({ code: 'fr', programs: 0, topics: [], lessons: [], words: [], phrases: [] });
    expect(empty).toMatchObject({ words: 0, exercisesPerWord: 0, productionShare: 0, wordsNotMetAgain: 0 });
  });
});

describe('word forms', () => {
  it('drops the article or particle and splits alternatives', () => {
    expect(wordForms('de', 'der Kaffee')).toEqual(['kaffee']);
    expect(wordForms('fr', "l'heure")).toEqual(['heure']);
    expect(wordForms('fr', 'les lunettes de soleil')).toEqual(['lunettes de soleil']);
    expect(wordForms('es', 'el ratón, la rata')).toEqual(['ratón', 'rata']);
    expect(wordForms('en', 'to eat')).toEqual(['eat']);
    expect(wordForms('en', "o'clock (time)")).toEqual(["o'clock"]);
  });
});

describe('course thresholds', () => {
  it('names every threshold the tiny course falls short of', () => {
    expect(courseShortfalls(courseStats(tiny))).toEqual([
      'de: 1 programs, needs ≥ 2',
      'de: 5 words, needs ≥ 1500',
      'de: 2 sentences, needs ≥ 1500',
      'de: 2 topics, needs ≥ 45',
      'de: 2 regular lessons, needs ≥ 200',
      'de: 1 topics without a rules page',
      'de: 80 % of words occur in a sentence, needs ≥ 85 %',
      'de: 3 words are not practised again in a later topic (≥ 2 exercises in different lessons)',
    ]);
  });

  it('passes a course that meets each threshold, and fails it one short', () => {
    const stats = {
      ...courseStats(tiny),
      programs: 3,
      words: 1500,
      sentences: 1500,
      topics: 45,
      topicsWithoutRules: 0,
      regularLessons: 200,
      wordsInNoSentence: 200,
      wordsNotMetAgain: 0,
      productionShare: 0.35,
    };
    expect(courseShortfalls(stats)).toEqual([]);
    // 85 % exactly passes.
    expect(courseShortfalls({ ...stats, wordsInNoSentence: 225 })).toEqual([]);
    expect(courseShortfalls({ ...stats, words: 1499 })).toEqual(['de: 1499 words, needs ≥ 1500']);
    expect(courseShortfalls({ ...stats, sentences: 1499 })).toHaveLength(1);
    expect(courseShortfalls({ ...stats, topics: 44 })).toHaveLength(1);
    expect(courseShortfalls({ ...stats, regularLessons: 199 })).toHaveLength(1);
    expect(courseShortfalls({ ...stats, wordsInNoSentence: 226 })).toHaveLength(1);
    expect(courseShortfalls({ ...stats, wordsNotMetAgain: 1 })).toHaveLength(1);
    expect(courseShortfalls({ ...stats, productionShare: 0.349 })).toEqual([
      'de: production 34.9 % of exercises (types 9–11, 13, 14), needs ≥ 35 %',
    ]);
    expect(courseThresholds.words).toBe(1500);
  });

  it('prints one row per course', () => {
    const lines = formatCourseStats([courseStats(tiny)]);
    expect(lines[0]).toMatch(/^course\s+programs\s+topics\s+lessons\s+regular\s+words\s+sentences/);
    expect(lines[2]).toMatch(/^de\s+1\s+2\s+6\s+2\s+5\s+2\s+1 \(20 %\)\s+1\.20\s+3\s+44\.4 %$/);
  });
});
