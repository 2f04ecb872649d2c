import { isExerciseTypeNumber, isProduction } from '@parlo/core/exercises/registry';
import { textTable } from './text-table.ts';

/**
 * How much a course teaches and how (issue 32 item 7): the figures `content:check` prints per course and
 * the thresholds `--strict` holds them to. Pure functions over a plain outline of the course, so they are
 * tested on a small hand-made fixture.
 */

export interface OutlineExercise {
  type: number;
  /** The word or phrase it practises. */
  itemId: string;
}

export interface OutlineLesson {
  kind: 'regular' | 'rules' | 'word-review';
  /** Position of the lesson's topic in the course (normal and blitz topics counted alike). */
  topicIndex: number;
  exercises: readonly OutlineExercise[];
}

export interface OutlineTopic {
  /** Whether the topic has a rules lesson with a rules page. */
  hasRules: boolean;
}

export interface CourseOutline {
  code: string;
  programs: number;
  /** Normal topics (blitz topics not counted). */
  topics: readonly OutlineTopic[];
  lessons: readonly OutlineLesson[];
  words: readonly { id: string; text: string }[];
  phrases: readonly { id: string; text: string }[];
}

export interface CourseStats {
  code: string;
  programs: number;
  topics: number;
  /** Topics without a rules page. */
  topicsWithoutRules: number;
  /** All lessons, and the regular ones among them (not rules, not word review). */
  lessons: number;
  regularLessons: number;
  words: number;
  sentences: number;
  /** Words whose text (without its article) occurs in no sentence of the course. */
  wordsInNoSentence: number;
  exercises: number;
  /** Exercises that practise a word, per word. */
  exercisesPerWord: number;
  /** Words that are not the item of two exercises in different lessons, the later one a topic later or more. */
  wordsNotMetAgain: number;
  /** Exercises of a production type (builds, types or says the language), as a share of all (0–1). */
  productionShare: number;
}

/**
 * Articles and particles a word's text may start with, per course language, which a sentence need not
 * repeat: "der Kaffee" occurs in "Ich trinke Kaffee.", "to eat" in "We eat at six.".
 */
const LEADING_WORDS: Readonly<Record<string, readonly string[]>> = {
  en: ['the', 'a', 'an', 'to'],
  de: ['der', 'die', 'das', 'ein', 'eine', 'sich'],
  fr: ["l'", 'le', 'la', 'les', 'un', 'une', 'des', 'se', "s'"],
  es: ['el', 'la', 'los', 'las', 'un', 'una', 'unos', 'unas', 'se'],
};

const fold = (text: string) => text.normalize('NFC').toLowerCase().replace(/[’`´]/gu, "'");

/** The forms of a word a sentence may contain: each alternative ("hour, o'clock") without its article. */
export function wordForms(code: string, text: string): string[] {
  const leading = LEADING_WORDS[code] ?? [];
  return fold(text)
    .replace(/\([^)]*\)/gu, ' ')
    .split(/[,/;]/u)
    .map((form) => {
      let rest = form.trim().replace(/[.!?¿¡…]+$/u, '');
      for (const word of leading) {
        if (word.endsWith("'") && rest.startsWith(word)) rest = rest.slice(word.length);
        else if (rest.startsWith(`${word} `)) rest = rest.slice(word.length + 1);
      }
      return rest.trim();
    })
    .filter((form) => form !== '');
}

const LETTER = /[\p{L}\p{N}\p{M}]/u;

/** Whether `form` occurs in `sentence` as whole words (both already folded). */
function occursIn(sentence: string, form: string): boolean {
  for (let at = sentence.indexOf(form); at !== -1; at = sentence.indexOf(form, at + 1)) {
    const before = sentence.charAt(at - 1);
    const after = sentence.charAt(at + form.length);
    if ((at === 0 || !LETTER.test(before)) && (after === '' || !LETTER.test(after))) return true;
  }
  return false;
}

export function courseStats(course: CourseOutline): CourseStats {
  const sentences = course.phrases.map((phrase) => fold(phrase.text));
  const wordsInNoSentence = course.words.filter(
    (word) =>
      !wordForms(course.code, word.text).some((form) =>
        sentences.some((sentence) => occursIn(sentence, form)),
      ),
  ).length;

  const wordIds = new Set(course.words.map((word) => word.id));
  const exercises = course.lessons.flatMap((lesson, lessonIndex) =>
    lesson.exercises.map((exercise) => ({ ...exercise, lessonIndex, topicIndex: lesson.topicIndex })),
  );
  const byWord = new Map<string, { lessonIndex: number; topicIndex: number }[]>();
  for (const exercise of exercises) {
    if (!wordIds.has(exercise.itemId)) continue;
    byWord.set(exercise.itemId, [...(byWord.get(exercise.itemId) ?? []), exercise]);
  }
  const metAgain = (uses: readonly { lessonIndex: number; topicIndex: number }[]) => {
    if (uses.length < 2) return false;
    const first = Math.min(...uses.map((use) => use.topicIndex));
    return uses.some((use) => use.topicIndex > first);
  };
  const wordExercises = [...byWord.values()].reduce((sum, uses) => sum + uses.length, 0);
  const production = exercises.filter(
    (exercise) => isExerciseTypeNumber(exercise.type) && isProduction(exercise.type),
  ).length;

  return {
    code: course.code,
    programs: course.programs,
    topics: course.topics.length,
    topicsWithoutRules: course.topics.filter((topic) => !topic.hasRules).length,
    lessons: course.lessons.length,
    regularLessons: course.lessons.filter((lesson) => lesson.kind === 'regular').length,
    words: course.words.length,
    sentences: course.phrases.length,
    wordsInNoSentence,
    exercises: exercises.length,
    exercisesPerWord: course.words.length === 0 ? 0 : wordExercises / course.words.length,
    wordsNotMetAgain: course.words.filter((word) => !metAgain(byWord.get(word.id) ?? [])).length,
    productionShare: exercises.length === 0 ? 0 : production / exercises.length,
  };
}

/** What `--strict` asks of a learnable course (issue 32 items 2–4). */
export const courseThresholds = {
  programs: 2,
  words: 1500,
  sentences: 1500,
  topics: 45,
  regularLessons: 200,
  /** Share of words that occur in at least one sentence. */
  wordsInSentences: 0.85,
  productionShare: 0.35,
} as const;

const percent = (share: number) => `${Math.round(share * 1000) / 10} %`;

/** The thresholds a course falls short of, as readable lines ("de: 607 words, needs ≥ 1500"). */
export function courseShortfalls(
  stats: CourseStats,
  thresholds: typeof courseThresholds = courseThresholds,
): string[] {
  const shortfalls: string[] = [];
  const below = (value: number, needed: number, what: string) => {
    if (value < needed) shortfalls.push(`${stats.code}: ${value} ${what}, needs ≥ ${needed}`);
  };
  below(stats.programs, thresholds.programs, 'programs');
  below(stats.words, thresholds.words, 'words');
  below(stats.sentences, thresholds.sentences, 'sentences');
  below(stats.topics, thresholds.topics, 'topics');
  below(stats.regularLessons, thresholds.regularLessons, 'regular lessons');
  if (stats.topicsWithoutRules > 0)
    shortfalls.push(`${stats.code}: ${stats.topicsWithoutRules} topics without a rules page`);
  const inSentences = stats.words === 0 ? 0 : 1 - stats.wordsInNoSentence / stats.words;
  if (inSentences < thresholds.wordsInSentences) {
    shortfalls.push(
      `${stats.code}: ${percent(inSentences)} of words occur in a sentence, needs ≥ ${percent(thresholds.wordsInSentences)}`,
    );
  }
  if (stats.wordsNotMetAgain > 0) {
    shortfalls.push(
      `${stats.code}: ${stats.wordsNotMetAgain} words are not practised again in a later topic (≥ 2 exercises in different lessons)`,
    );
  }
  if (stats.productionShare < thresholds.productionShare) {
    shortfalls.push(
      `${stats.code}: production ${percent(stats.productionShare)} of exercises (types 9–11, 13, 14), needs ≥ ${percent(thresholds.productionShare)}`,
    );
  }
  return shortfalls;
}

/** The per-course table `content:check` prints. */
export function formatCourseStats(rows: readonly CourseStats[]): string[] {
  const header = [
    'course',
    'programs',
    'topics',
    'lessons',
    'regular',
    'words',
    'sentences',
    'words in no sentence',
    'exercises per word',
    'not met again',
    'production',
  ];
  const body = rows.map((row) => [
    row.code,
    String(row.programs),
    String(row.topics),
    String(row.lessons),
    String(row.regularLessons),
    String(row.words),
    String(row.sentences),
    `${row.wordsInNoSentence} (${percent(row.words === 0 ? 0 : row.wordsInNoSentence / row.words)})`,
    (Math.round(row.exercisesPerWord * 100) / 100).toFixed(2),
    String(row.wordsNotMetAgain),
    percent(row.productionShare),
  ]);
  return textTable(header, body);
}
