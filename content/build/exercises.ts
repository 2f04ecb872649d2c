import { normaliseSpokenText } from '@parlo/core/exercises/answer-text';
import { withGender } from '@parlo/core/exercises/noun-gender';
import { fieldsSchemaFor, exerciseTypes, type ExerciseTypeNumber } from '@parlo/core/exercises/registry';
import { z } from 'zod';
import { picturePath } from './built-catalogue.ts';
import type { LoadedItem, LoadedLesson, LoadedWord, Located } from './format/load-courses.ts';
import { idSchema } from './format/source-schema.ts';
import { imageMatchTitle, type SpokenLanguage } from './languages.ts';
import type { ProblemList } from './problems.ts';
import { seededIndex, seededOrder, withAnswerAt } from './seeded.ts';
import { bareToken, blankOut, containsWord, sentenceTokens } from './text-tokens.ts';

/**
 * Turning one compact exercise line (content/README.md) into the per-type fields of SPEC §3 for one
 * spoken language. Resolution (references, sanity, distractors) happens once per exercise and does not
 * depend on the spoken language; rendering then reads the translations of each spoken language.
 */

export const typeNumberByName: ReadonlyMap<string, ExerciseTypeNumber> = new Map(
  Object.values(exerciseTypes).map((entry) => [entry.name, entry.type]),
);

/** SPEC §5 choice types; by default the first two of them in a regular lesson are blitz exercises. */
const CHOICE_TYPES: ReadonlySet<ExerciseTypeNumber> = new Set([2, 3, 4, 5, 6, 12, 15]);
/** Types whose word must have its own picture (type 1 falls back to the topic's icon). */
const PICTURE_TYPES: ReadonlySet<ExerciseTypeNumber> = new Set([3, 4, 15]);
const OPTION_COUNT = 4;
const DEFAULT_EXTRA_CHIPS = 2;

const wordList = z.array(z.union([z.string(), z.number()]).transform(String)).min(1);
const paramsSchema = z.strictObject({
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
type Params = z.output<typeof paramsSchema>;

/** Which optional keys each type understands besides `word`/`phrase` and `blitz`. */
const allowedKeys: Record<ExerciseTypeNumber, readonly (keyof Params)[]> = {
  1: [],
  2: ['shown'],
  3: ['distractors'],
  4: ['distractors'],
  5: ['distractors'],
  6: ['distractors'],
  7: ['highlight'],
  8: ['missing', 'options'],
  9: ['extra'],
  10: ['missing', 'extra'],
  11: [],
  12: ['distractors'],
  13: [],
  14: [],
  15: ['shown'],
};

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

export function resolveExercise(
  course: CourseItems,
  lesson: LoadedLesson,
  lineIndex: number,
  line: Record<string, unknown>,
  usedKeys: Map<string, number>,
  problems: ProblemList,
): ResolvedExercise | null {
  const [typeName, value] = Object.entries(line)[0] ?? ['', undefined];
  const at = [...lesson.path, 'exercises', lineIndex];
  const valueAt = [...at, typeName];
  const fail = (message: string, where = valueAt) => {
    problems.error(lesson.file, where, message);
    return null;
  };
  const type = typeNumberByName.get(typeName);
  if (type === undefined) return fail(`unknown exercise type '${typeName}'`, at);

  const parsed =
    typeof value === 'string'
      ? { success: true as const, data: { word: value } }
      : paramsSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const detail =
      issue?.code === 'unrecognized_keys'
        ? `unknown key(s) ${issue.keys.join(', ')}`
        : (issue?.message ?? '');
    return fail(`${typeName}: ${[...(issue?.path ?? [])].join('.')} ${detail}`.replace(/\s+/g, ' ').trim());
  }
  const params: Params = parsed.data;
  for (const key of Object.keys(params) as (keyof Params)[]) {
    if (key !== 'word' && key !== 'phrase' && key !== 'blitz' && !allowedKeys[type].includes(key)) {
      return fail(`${typeName} does not take '${key}'`, [...valueAt, key]);
    }
  }
  const ref = params.word ?? params.phrase;
  if (ref === undefined) return fail(`${typeName} needs a word or phrase id`);
  if (params.word !== undefined && params.phrase !== undefined) return fail(`give either 'word' or 'phrase'`);
  const item = course.items.get(ref);
  if (!item) return fail(`unknown word or phrase '${ref}'`);
  if (PICTURE_TYPES.has(type) && (item.kind !== 'word' || !item.data.picture)) {
    return fail(`${typeName} needs a word with a picture; '${ref}' has none`);
  }

  const count = (usedKeys.get(`${typeName}:${ref}`) ?? 0) + 1;
  usedKeys.set(`${typeName}:${ref}`, count);
  const key = `${lesson.data.id}/${typeName}:${ref}${count > 1 ? `#${count}` : ''}`;
  const seed = `${course.courseCode}:${key}`;
  const resolved: ResolvedExercise = {
    key,
    type,
    blitz: params.blitz,
    item,
    distractors: [],
    highlight: [],
    optionWords: [],
    correctOption: 0,
    missingWords: [],
    chips: [],
    nearWords: [],
    seed,
    file: lesson.file,
    path: at,
  };
  const text = item.data.text;
  if (type === 1) {
    resolved.picture =
      (item.kind === 'word' ? item.data.picture : undefined) ?? course.topicIcons.get(item.topicId);
  }

  if (params.distractors) {
    for (const id of params.distractors) {
      const distractor = course.items.get(id);
      if (!distractor) return fail(`unknown distractor '${id}'`, [...valueAt, 'distractors']);
      resolved.distractors.push(distractor);
    }
  }

  switch (type) {
    case 2:
    case 15: {
      if (params.shown !== undefined) {
        const shown = course.items.get(params.shown);
        if (!shown) return fail(`unknown word or phrase '${params.shown}'`, [...valueAt, 'shown']);
        resolved.shown = shown;
      } else {
        // Not written: half of the exercises (by seed) show the word itself, the others a distractor.
        const [other] = candidatesFor(course, item, seed, (candidate) => candidate.data.text !== text);
        resolved.shown = seededIndex(`${seed}#shown`, 2) === 0 || !other ? item : other;
      }
      if (type === 15 && resolved.shown.kind !== 'word') {
        return fail(`image-translation-word shows a word; '${resolved.shown.data.id}' is a phrase`);
      }
      break;
    }
    case 3:
    case 4: {
      const picture = item.kind === 'word' ? item.data.picture : undefined;
      const written = resolved.distractors;
      for (const distractor of written) {
        if (distractor.kind !== 'word' || !distractor.data.picture || distractor.data.picture === picture) {
          return fail(`distractor '${distractor.data.id}' needs its own picture`, [
            ...valueAt,
            'distractors',
          ]);
        }
      }
      const seen = new Set([
        picture,
        ...written.map((d) => (d.kind === 'word' ? d.data.picture : undefined)),
      ]);
      const texts = new Set([text, ...written.map((d) => d.data.text)]);
      const auto = candidatesFor(course, item, seed, (candidate) => {
        const candidatePicture = candidate.kind === 'word' ? candidate.data.picture : undefined;
        if (!candidatePicture || seen.has(candidatePicture) || texts.has(candidate.data.text)) return false;
        seen.add(candidatePicture);
        texts.add(candidate.data.text);
        return true;
      });
      resolved.distractors = [...written, ...auto].slice(0, OPTION_COUNT - 1);
      if (resolved.distractors.length === 0)
        return fail(`${typeName}: no other word with a picture to choose from`);
      break;
    }
    case 5:
    case 6:
    case 12: {
      resolved.distractors = [
        ...resolved.distractors,
        ...candidatesFor(course, item, seed, (candidate) => candidate.data.text !== text),
      ];
      if (resolved.distractors.length === 0) return fail(`${typeName}: nothing else to choose from`);
      break;
    }
    case 7: {
      for (const word of params.highlight ?? []) {
        if (!containsWord(text, word))
          return fail(`highlighted word '${word}' is not in '${text}'`, [...valueAt, 'highlight']);
      }
      resolved.highlight = params.highlight ?? [];
      break;
    }
    case 8: {
      const missing = typeof params.missing === 'string' ? params.missing : undefined;
      if (missing === undefined) return fail(`choose-missing-word needs 'missing': one word of the phrase`);
      if (!containsWord(text, missing))
        return fail(`missing word '${missing}' is not in '${text}'`, [...valueAt, 'missing']);
      resolved.blankedSentence = blankOut(text, missing);
      let others: string[];
      if (params.options) {
        const options = params.options;
        const where = [...valueAt, 'options'];
        if (options.length !== OPTION_COUNT)
          return fail(`choose-missing-word needs ${OPTION_COUNT} options, has ${options.length}`, where);
        if (!options.some((option) => bareToken(option) === bareToken(missing))) {
          return fail(`options must contain the missing word '${missing}'`, where);
        }
        if (new Set(options.map(bareToken)).size !== options.length)
          return fail('options must be different words', where);
        others = options.filter((option) => bareToken(option) !== bareToken(missing));
      } else {
        others = tokenCandidates(course, item, seed, [missing]).slice(0, OPTION_COUNT - 1);
        if (others.length === 0) return fail('choose-missing-word: no other words to offer; write `options`');
      }
      const { options, index } = withAnswerAt(
        missing,
        seededOrder(others, seed, (word) => word),
        seed,
      );
      resolved.optionWords = options;
      resolved.correctOption = index;
      break;
    }
    case 9: {
      const tokens = sentenceTokens(text);
      const extra = params.extra ?? tokenCandidates(course, item, seed, tokens).slice(0, DEFAULT_EXTRA_CHIPS);
      resolved.chips = shuffledChips([...tokens, ...extra], tokens, seed);
      break;
    }
    case 10: {
      const missing =
        params.missing === undefined
          ? []
          : typeof params.missing === 'string'
            ? [params.missing]
            : params.missing;
      if (missing.length === 0) return fail(`fill-in-blanks needs 'missing': the words to cut out`);
      for (const word of missing) {
        if (!containsWord(text, word))
          return fail(`missing word '${word}' is not in '${text}'`, [...valueAt, 'missing']);
      }
      // The blanks are filled in sentence order.
      const folded = text.normalize('NFC').toLowerCase();
      resolved.missingWords = [...missing].sort(
        (a, b) => folded.indexOf(a.toLowerCase()) - folded.indexOf(b.toLowerCase()),
      );
      const extra =
        params.extra ??
        tokenCandidates(course, item, seed, sentenceTokens(text)).slice(0, DEFAULT_EXTRA_CHIPS);
      resolved.chips = shuffledChips([...missing, ...extra], missing, seed);
      break;
    }
    default:
      break;
  }
  return resolved;
}

/**
 * Distractor candidates of the same kind (word or phrase) in a fixed order: the same topic first, then
 * the earlier topics, then the later ones, each group in seeded order.
 */
function candidatesFor(
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
function tokenCandidates(
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
function shuffledChips(chips: readonly string[], solution: readonly string[], seed: string): string[] {
  const shuffled = seededOrder(
    chips.map((chip, index) => ({ chip, index })),
    `${seed}#chips`,
    ({ chip, index }) => `${index}:${chip}`,
  ).map(({ chip }) => chip);
  const givesAway = shuffled.slice(0, solution.length).join(' ') === solution.join(' ');
  return givesAway && shuffled.length > 1 ? [...shuffled.slice(1), ...shuffled.slice(0, 1)] : shuffled;
}

export function isDefaultBlitzCandidate(type: ExerciseTypeNumber): boolean {
  return CHOICE_TYPES.has(type);
}

export type RenderResult = { fields: Record<string, unknown> } | { error: string };

const listSafe = (values: readonly string[]) => values.every((value) => !value.includes(';'));

/**
 * The per-type fields of one exercise for one spoken language, checked with the type's core schema.
 * `translate` returns the item's translation (a placeholder when missing, so the shape is still checked).
 */
export function renderExercise(
  exercise: ResolvedExercise,
  spoken: SpokenLanguage,
  translate: (item: LoadedItem) => string,
): RenderResult {
  const { item } = exercise;
  const text = item.data.text;
  const translation = translate(item);
  const image = item.kind === 'word' && item.data.picture ? picturePath(item.data.picture) : undefined;
  const answers = typedAnswersOf(item);
  const translationOptions = () => {
    const seen = new Set([translation.toLowerCase()]);
    const distractors: string[] = [];
    for (const candidate of exercise.distractors) {
      const option = translate(candidate);
      if (seen.has(option.toLowerCase())) continue;
      seen.add(option.toLowerCase());
      distractors.push(option);
      if (distractors.length === OPTION_COUNT - 1) break;
    }
    const { options, index } = withAnswerAt(translation, distractors, exercise.seed);
    return { options, flags: options.map((_, position) => position === index) };
  };

  let fields: Record<string, unknown>;
  switch (exercise.type) {
    case 1:
      fields = {
        type1_word: text,
        ...(item.kind === 'word' && item.data.gender ? { type1_gender: item.data.gender } : {}),
        type1_image: exercise.picture ? picturePath(exercise.picture) : undefined,
        type1_translation: translation,
      };
      break;
    case 2: {
      const shown = exercise.shown ?? item;
      const shownTranslation = translate(shown);
      fields = {
        type2_translation: shownTranslation,
        type2_isCorrect: shown === item || shownTranslation.toLowerCase() === translation.toLowerCase(),
        type2_word: shownText(item),
        ...(image ? { type2_image: image } : {}),
      };
      break;
    }
    case 3:
    case 4: {
      const pictureOf = (word: LoadedItem) => picturePath((word as LoadedWord).data.picture ?? '');
      const { options, index } = withAnswerAt(item, exercise.distractors, exercise.seed);
      const flags = options.map((_, position) => position === index);
      fields =
        exercise.type === 3
          ? {
              type3_word: translation,
              type3_image: image,
              type3_translation: options.map(shownText),
              type3_images: options.map(pictureOf),
              type3_isCorrect: flags,
            }
          : { type4_word: shownText(item), type4_images: options.map(pictureOf), type4_isCorrect: flags };
      break;
    }
    case 5: {
      const { options, flags } = translationOptions();
      fields = { type5_word: shownText(item), type5_translation: options, type5_isCorrect: flags };
      break;
    }
    case 6: {
      const { options, flags } = translationOptions();
      if (!listSafe(options)) return { error: `a translation offered here contains ';'` };
      fields = { type6_word: text, type6_translation: options.join('; '), type6_isCorrect: flags };
      break;
    }
    case 7:
      fields = {
        type7_sentence: text,
        type7_selected_words: exercise.highlight.join('; '),
        type7_translation: translation,
      };
      break;
    case 8:
      fields = {
        type8_sentence: exercise.blankedSentence,
        type8_answer: exercise.optionWords,
        type8_isCorrect: exercise.optionWords.map((_, position) => position === exercise.correctOption),
        type8_translation: translation,
      };
      break;
    case 9:
      if (!listSafe(exercise.chips)) return { error: `a word chip contains ';'` };
      fields = {
        type9_word_choice: exercise.chips.join('; '),
        type9_in_correct_order: text,
        type9_sentence: translation,
        ...swapsOf(item, 'type9_swaps'),
      };
      break;
    case 10:
      if (!listSafe(exercise.chips)) return { error: `a word chip contains ';'` };
      fields = {
        type10_sentence: text,
        type10_options: exercise.chips.join('; '),
        type10_missing_words: exercise.missingWords.join('; '),
        type10_translation: translation,
        ...swapsOf(item, 'type10_swaps'),
      };
      break;
    case 11:
      if (!listSafe(answers)) return { error: `an accepted answer contains ';'` };
      fields = {
        type11_question: translation,
        type11_correct_answers: answers.join(';'),
        ...(exercise.nearWords.length > 0 ? { type11_near_words: exercise.nearWords } : {}),
      };
      break;
    case 12: {
      const { options, flags } = translationOptions();
      fields = { type12_sentence: text, type12_translation: options, type12_isCorrect: flags };
      break;
    }
    case 13:
      fields = {
        type13_word_or_phrase: text,
        type13_correct_answers: dictationAnswersOf(item),
        type13_translation: translation,
        ...(exercise.nearWords.length > 0 ? { type13_near_words: exercise.nearWords } : {}),
      };
      break;
    case 14:
      fields = { type14_sentence: text, type14_translation: translation };
      break;
    case 15: {
      const shown = exercise.shown ?? item;
      fields = {
        type15_image: image,
        type15_word: shownText(shown),
        type15_translation: translate(shown),
        type15_isCorrect: shown === item || shown.data.text === text,
        type15_title: imageMatchTitle[spoken],
      };
      break;
    }
  }
  const checked = fieldsSchemaFor(exercise.type).safeParse(fields);
  if (!checked.success) {
    return {
      error: checked.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
    };
  }
  const options = optionCount(fields);
  if (options !== undefined && options < 2) return { error: 'fewer than two options to choose from' };
  return { fields: checked.data };
}

function optionCount(fields: Record<string, unknown>): number | undefined {
  for (const [key, value] of Object.entries(fields)) {
    if (key.endsWith('_isCorrect') && Array.isArray(value)) return value.length;
  }
  return undefined;
}

/** Target-language texts the player plays for this exercise (besides every word and phrase text). */
export function audioTextsOf(exercise: ResolvedExercise): string[] {
  return [exercise.item.data.text, ...(exercise.shown ? [exercise.shown.data.text] : [])];
}

/** A phrase's marked coordinated items (`swap`) as the field of type 9 or 10, or nothing. */
function swapsOf(item: LoadedItem, field: 'type9_swaps' | 'type10_swaps'): Record<string, string[][]> {
  const swap = item.kind === 'phrase' ? item.data.swap : undefined;
  return swap && swap.length > 0 ? { [field]: swap } : {};
}

/** Types answered by typing, checked by the forgiving check (issue 16). */
export const TYPED_TYPES: ReadonlySet<ExerciseTypeNumber> = new Set([11, 13]);

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
