import { normaliseSpokenText } from '@parlo/core/exercises/answer-text';
import { withGender } from '@parlo/core/exercises/noun-gender';
import { z } from 'zod';
import type { ExerciseTypeNumber } from '@parlo/core/exercises/registry';
import type { LoadedItem, LoadedWord, Located } from './format/load-courses.ts';
import { idSchema } from './format/source-schema.ts';
import { seededOrder } from './seeded.ts';
import { bareToken, sentenceTokens } from './text-tokens.ts';

/** The course's words and phrases as the exercise build reads them, and what it resolves per exercise. */

const wordList = z.array(z.union([z.string(), z.number()]).transform(String)).min(1);
export const exerciseLineSchema = z.strictObject({
  word: idSchema.optional(),
  phrase: idSchema.optional(),
  shown: idSchema.optional(),
  highlight: wordList.optional(),
  missing: z.union([z.string(), z.number()]).transform(String).or(wordList).optional(),
  options: wordList.optional(),
  extra: wordList.optional(),
  distractors: z.array(idSchema).min(1).optional(),
  blitz: z.boolean().optional(),
});
/** One exercise line's keys besides its type (content/README.md). */
export type ExerciseLine = z.output<typeof exerciseLineSchema>;

export interface CourseItems {
  courseCode: string;
  /** Words and phrases by id. */
  items: ReadonlyMap<string, LoadedItem>;
  /** Topic ids in course order, to prefer distractors from the same topic, then earlier ones. */
  topicOrder: ReadonlyMap<string, number>;
  /** Each topic's icon: the picture of type 1 for a word without one of its own. */
  topicIcons: ReadonlyMap<string, string>;
  words: readonly LoadedWord[];
  phrases: readonly LoadedItem[];
}

export interface ResolvedExercise extends Located {
  /** Stable within the course: lesson id, type name and reference (plus #n for repeats). */
  key: string;
  type: ExerciseTypeNumber;
  /** As written; undefined means the lesson's default applies. */
  blitz: boolean | undefined;
  item: LoadedItem;
  shown?: LoadedItem;
  /** Ordered candidates for translation options (types 5, 6, 12) or chosen pictures (3, 4). */
  distractors: LoadedItem[];
  highlight: string[];
  /** Type 8: the sentence with the blank and the four words. Type 10: words cut out and chips. */
  blankedSentence?: string;
  optionWords: string[];
  correctOption: number;
  missingWords: string[];
  chips: string[];
  seed: string;
  /** Type 1: the picture shown with the word (its own, else its topic's icon). */
  picture?: string;
  /** Types 11 and 13: course words one slip from an answer, which the forgiving check must refuse. */
  nearWords: string[];
}

/**
 * Distractor candidates of the same kind (word or phrase) in a fixed order: the same topic first, then
 * the earlier topics, then the later ones, each group in seeded order.
 */
export function candidatesFor(
  course: CourseItems,
  item: LoadedItem,
  seed: string,
  accept: (candidate: LoadedItem) => boolean,
  pool: readonly LoadedItem[] = item.kind === 'word' ? course.words : course.phrases,
): LoadedItem[] {
  const home = course.topicOrder.get(item.topicId) ?? 0;
  const groups: LoadedItem[][] = [[], [], []];
  for (const candidate of pool) {
    if (candidate.data.id === item.data.id) continue;
    const order = course.topicOrder.get(candidate.topicId) ?? 0;
    groups[order === home ? 0 : order < home ? 1 : 2]?.push(candidate);
  }
  return groups.flatMap((group) => seededOrder(group, seed, (candidate) => candidate.data.id)).filter(accept);
}

/** Words of other phrases (same topic first) that are not in the sentence, for chips and blanks. */
export function tokenCandidates(
  course: CourseItems,
  item: LoadedItem,
  seed: string,
  exclude: readonly string[],
): string[] {
  const taken = new Set(exclude.map(bareToken));
  const words: string[] = [];
  for (const phrase of candidatesFor(course, item, seed, () => true, course.phrases)) {
    for (const token of sentenceTokens(phrase.data.text)) {
      const bare = bareToken(token);
      if (bare === '' || taken.has(bare)) continue;
      taken.add(bare);
      words.push(bare === token.toLowerCase() ? token : token.replace(/^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu, ''));
    }
  }
  return words;
}

/** Chips in seeded order, never in the solution's own order (that would give the answer away). */
export function shuffledChips(chips: readonly string[], solution: readonly string[], seed: string): string[] {
  const shuffled = seededOrder(
    chips.map((chip, index) => ({ chip, index })),
    `${seed}#chips`,
    ({ chip, index }) => `${index}:${chip}`,
  ).map(({ chip }) => chip);
  const givesAway = shuffled.slice(0, solution.length).join(' ') === solution.join(' ');
  return givesAway && shuffled.length > 1 ? [...shuffled.slice(1), ...shuffled.slice(0, 1)] : shuffled;
}

/** A phrase's marked coordinated items (`swap`) as the field of type 9 or 10, or nothing. */
export function swapsOf(item: LoadedItem, field: 'type9_swaps' | 'type10_swaps'): Record<string, string[][]> {
  const swap = item.kind === 'phrase' ? item.data.swap : undefined;
  return swap && swap.length > 0 ? { [field]: swap } : {};
}

/** What the learner may type for an item: its text and, for phrases, the listed variants. */
export function typedAnswersOf(item: LoadedItem): string[] {
  return [item.data.text, ...(item.kind === 'phrase' ? (item.data.variants ?? []) : [])];
}

/**
 * What the learner may write for an item they hear (type 13): its text, and only the variants that are the
 * same words in the same order (punctuation aside). A translation variant such as "Tomorrow we fly to
 * Rome." is right for type 11 but is not what was said.
 */
export function dictationAnswersOf(item: LoadedItem): string[] {
  const heard = normaliseSpokenText(item.data.text);
  return typedAnswersOf(item).filter((answer) => normaliseSpokenText(answer) === heard);
}

/**
 * A word or phrase as shown where nothing is spoken or typed: a noun with its gender mark when its article
 * hides the gender ("l'heure (f.)"). Recordings and typed answers use the text alone.
 */
export function shownText(item: LoadedItem): string {
  return item.kind === 'word' ? withGender(item.data.text, item.data.gender) : item.data.text;
}

/** The item key of an exercise: its word or phrase within the course. */
export const itemKeyOf = (courseCode: string, item: LoadedItem) => `${courseCode}:${item.data.id}`;
