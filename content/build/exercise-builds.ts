import { exerciseTypes, type ExerciseTypeNumber } from '@parlo/core/exercises/registry';
import { picturePath } from './built-catalogue.ts';
import {
  candidatesFor,
  dictationAnswersOf,
  shownText,
  shuffledChips,
  swapsOf,
  tokenCandidates,
  typedAnswersOf,
  type CourseItems,
  type ExerciseLine,
  type ResolvedExercise,
} from './exercise-items.ts';
import type { LoadedItem, LoadedWord } from './format/load-courses.ts';
import { imageMatchTitle, type SpokenLanguage } from './languages.ts';
import { seededIndex, seededOrder, withAnswerAt } from './seeded.ts';
import { bareToken, blankOut, containsWord, sentenceTokens } from './text-tokens.ts';

/**
 * How the content build turns one exercise line into the per-type fields of SPEC §3, one entry per type:
 * which keys the line takes, what is resolved once per exercise (distractors, blanks, chips) and the
 * fields rendered for each spoken language. The mapped type makes a missing type a compile error.
 */

export const OPTION_COUNT = 4;
const DEFAULT_EXTRA_CHIPS = 2;

/** A line the build refuses: the message and the key of the line it is about, if one. */
export interface Refusal {
  message: string;
  key?: keyof ExerciseLine;
}
const refuse = (message: string, key?: keyof ExerciseLine): Refusal => ({ message, ...(key ? { key } : {}) });

/** What rendering one exercise for one spoken language can read. */
export interface RenderInput {
  exercise: ResolvedExercise;
  spoken: SpokenLanguage;
  text: string;
  translation: string;
  /** The item's own picture, if it has one. */
  image: string | undefined;
  translate: (item: LoadedItem) => string;
  /** The translation and up to three others, in seeded order, with their correctness flags. */
  translationOptions: () => { options: string[]; flags: boolean[] };
}

export type RenderResult = { fields: Record<string, unknown> } | { error: string };

interface ExerciseBuild {
  /** Keys the line takes besides `word`/`phrase` and `blitz`. */
  keys: readonly (keyof ExerciseLine)[];
  /** The learner chooses among options (SPEC §5): by default the first two in a lesson are blitz exercises. */
  choice: boolean;
  /** The word must have its own picture. */
  needsPicture: boolean;
  /** Fills the resolved exercise in place; a refusal stops the line. */
  resolve?(exercise: ResolvedExercise, line: ExerciseLine, course: CourseItems): Refusal | undefined;
  render(input: RenderInput): RenderResult;
}

const listSafe = (values: readonly string[]) => values.every((value) => !value.includes(';'));
const pictureOf = (word: LoadedItem) => picturePath((word as LoadedWord).data.picture ?? '');

/** Types 2 and 15: the item itself or, when not written, half of the time (by seed) another one. */
function resolveShown(
  exercise: ResolvedExercise,
  line: ExerciseLine,
  course: CourseItems,
): Refusal | undefined {
  if (line.shown !== undefined) {
    const shown = course.items.get(line.shown);
    if (!shown) return refuse(`unknown word or phrase '${line.shown}'`, 'shown');
    exercise.shown = shown;
    return undefined;
  }
  const { item, seed } = exercise;
  const [other] = candidatesFor(course, item, seed, (candidate) => candidate.data.text !== item.data.text);
  exercise.shown = seededIndex(`${seed}#shown`, 2) === 0 || !other ? item : other;
  return undefined;
}

/** Types 3 and 4: up to three other words, each with a picture and a text of its own. */
function resolvePictures(exercise: ResolvedExercise, course: CourseItems): Refusal | undefined {
  const { item, seed } = exercise;
  const picture = item.kind === 'word' ? item.data.picture : undefined;
  const written = exercise.distractors;
  for (const distractor of written) {
    if (distractor.kind !== 'word' || !distractor.data.picture || distractor.data.picture === picture) {
      return refuse(`distractor '${distractor.data.id}' needs its own picture`, 'distractors');
    }
  }
  const seen = new Set([picture, ...written.map((d) => (d.kind === 'word' ? d.data.picture : undefined))]);
  const texts = new Set([item.data.text, ...written.map((d) => d.data.text)]);
  const auto = candidatesFor(course, item, seed, (candidate) => {
    const candidatePicture = candidate.kind === 'word' ? candidate.data.picture : undefined;
    if (!candidatePicture || seen.has(candidatePicture) || texts.has(candidate.data.text)) return false;
    seen.add(candidatePicture);
    texts.add(candidate.data.text);
    return true;
  });
  exercise.distractors = [...written, ...auto].slice(0, OPTION_COUNT - 1);
  if (exercise.distractors.length === 0)
    return refuse(`${exerciseTypes[exercise.type].name}: no other word with a picture to choose from`);
  return undefined;
}

/** Types 5, 6 and 12: the written distractors, then the course's other items. */
function resolveTranslations(exercise: ResolvedExercise, course: CourseItems): Refusal | undefined {
  const { item, seed } = exercise;
  exercise.distractors = [
    ...exercise.distractors,
    ...candidatesFor(course, item, seed, (candidate) => candidate.data.text !== item.data.text),
  ];
  if (exercise.distractors.length === 0)
    return refuse(`${exerciseTypes[exercise.type].name}: nothing else to choose from`);
  return undefined;
}

/** Types 3 and 4: the item and its distractors in seeded order. */
function pictureOptions(exercise: ResolvedExercise) {
  const { options, index } = withAnswerAt(exercise.item, exercise.distractors, exercise.seed);
  return { options, flags: options.map((_, position) => position === index) };
}

const fields = (value: Record<string, unknown>): RenderResult => ({ fields: value });

/** Types 5, 6 and 12: the translation among others. */
const choosingATranslation = {
  keys: ['distractors'],
  choice: true,
  needsPicture: false,
  resolve: (exercise, _line, course) => resolveTranslations(exercise, course),
} satisfies Omit<ExerciseBuild, 'render'>;

/** Types 3 and 4: the picture or the word among others, each with its own picture. */
const choosingAPicture = {
  keys: ['distractors'],
  choice: true,
  needsPicture: true,
  resolve: (exercise, _line, course) => resolvePictures(exercise, course),
} satisfies Omit<ExerciseBuild, 'render'>;

export const exerciseBuilds: { [T in ExerciseTypeNumber]: ExerciseBuild } = {
  1: {
    keys: [],
    choice: false,
    needsPicture: false,
    resolve: (exercise, _line, course) => {
      const { item } = exercise;
      // A word without a picture of its own shows its topic's icon.
      exercise.picture =
        (item.kind === 'word' ? item.data.picture : undefined) ?? course.topicIcons.get(item.topicId);
      return undefined;
    },
    render: ({ exercise, text, translation }) => {
      const { item } = exercise;
      return fields({
        type1_word: text,
        ...(item.kind === 'word' && item.data.gender ? { type1_gender: item.data.gender } : {}),
        type1_image: exercise.picture ? picturePath(exercise.picture) : undefined,
        type1_translation: translation,
      });
    },
  },
  2: {
    keys: ['shown'],
    choice: true,
    needsPicture: false,
    resolve: resolveShown,
    render: ({ exercise, translation, translate, image }) => {
      const { item } = exercise;
      const shown = exercise.shown ?? item;
      const shownTranslation = translate(shown);
      return fields({
        type2_translation: shownTranslation,
        type2_isCorrect: shown === item || shownTranslation.toLowerCase() === translation.toLowerCase(),
        type2_word: shownText(item),
        ...(image ? { type2_image: image } : {}),
      });
    },
  },
  3: {
    ...choosingAPicture,
    render: ({ exercise, translation, image }) => {
      const { options, flags } = pictureOptions(exercise);
      return fields({
        type3_word: translation,
        type3_image: image,
        type3_translation: options.map(shownText),
        type3_images: options.map(pictureOf),
        type3_isCorrect: flags,
      });
    },
  },
  4: {
    ...choosingAPicture,
    render: ({ exercise }) => {
      const { options, flags } = pictureOptions(exercise);
      return fields({
        type4_word: shownText(exercise.item),
        type4_images: options.map(pictureOf),
        type4_isCorrect: flags,
      });
    },
  },
  5: {
    ...choosingATranslation,
    render: ({ exercise, translationOptions }) => {
      const { options, flags } = translationOptions();
      return fields({
        type5_word: shownText(exercise.item),
        type5_translation: options,
        type5_isCorrect: flags,
      });
    },
  },
  6: {
    ...choosingATranslation,
    render: ({ text, translationOptions }) => {
      const { options, flags } = translationOptions();
      if (!listSafe(options)) return { error: `a translation offered here contains ';'` };
      return fields({ type6_word: text, type6_translation: options.join('; '), type6_isCorrect: flags });
    },
  },
  7: {
    keys: ['highlight'],
    choice: false,
    needsPicture: false,
    resolve: (exercise, line) => {
      const text = exercise.item.data.text;
      for (const word of line.highlight ?? []) {
        if (!containsWord(text, word))
          return refuse(`highlighted word '${word}' is not in '${text}'`, 'highlight');
      }
      exercise.highlight = line.highlight ?? [];
      return undefined;
    },
    render: ({ exercise, text, translation }) =>
      fields({
        type7_sentence: text,
        type7_selected_words: exercise.highlight.join('; '),
        type7_translation: translation,
      }),
  },
  8: {
    keys: ['missing', 'options'],
    choice: false,
    needsPicture: false,
    resolve: (exercise, line, course) => {
      const { item, seed } = exercise;
      const text = item.data.text;
      const missing = typeof line.missing === 'string' ? line.missing : undefined;
      if (missing === undefined) return refuse(`choose-missing-word needs 'missing': one word of the phrase`);
      if (!containsWord(text, missing))
        return refuse(`missing word '${missing}' is not in '${text}'`, 'missing');
      exercise.blankedSentence = blankOut(text, missing);
      let others: string[];
      if (line.options) {
        const written = line.options;
        if (written.length !== OPTION_COUNT) {
          return refuse(
            `choose-missing-word needs ${OPTION_COUNT} options, has ${written.length}`,
            'options',
          );
        }
        if (!written.some((option) => bareToken(option) === bareToken(missing))) {
          return refuse(`options must contain the missing word '${missing}'`, 'options');
        }
        if (new Set(written.map(bareToken)).size !== written.length) {
          return refuse('options must be different words', 'options');
        }
        others = written.filter((option) => bareToken(option) !== bareToken(missing));
      } else {
        others = tokenCandidates(course, item, seed, [missing]).slice(0, OPTION_COUNT - 1);
        if (others.length === 0)
          return refuse('choose-missing-word: no other words to offer; write `options`');
      }
      const { options, index } = withAnswerAt(
        missing,
        seededOrder(others, seed, (word) => word),
        seed,
      );
      exercise.optionWords = options;
      exercise.correctOption = index;
      return undefined;
    },
    render: ({ exercise, translation }) =>
      fields({
        type8_sentence: exercise.blankedSentence,
        type8_answer: exercise.optionWords,
        type8_isCorrect: exercise.optionWords.map((_, position) => position === exercise.correctOption),
        type8_translation: translation,
      }),
  },
  9: {
    keys: ['extra'],
    choice: false,
    needsPicture: false,
    resolve: (exercise, line, course) => {
      const { item, seed } = exercise;
      const tokens = sentenceTokens(item.data.text);
      const extra = line.extra ?? tokenCandidates(course, item, seed, tokens).slice(0, DEFAULT_EXTRA_CHIPS);
      exercise.chips = shuffledChips([...tokens, ...extra], tokens, seed);
      return undefined;
    },
    render: ({ exercise, text, translation }) => {
      if (!listSafe(exercise.chips)) return { error: `a word chip contains ';'` };
      return fields({
        type9_word_choice: exercise.chips.join('; '),
        type9_in_correct_order: text,
        type9_sentence: translation,
        ...swapsOf(exercise.item, 'type9_swaps'),
      });
    },
  },
  10: {
    keys: ['missing', 'extra'],
    choice: false,
    needsPicture: false,
    resolve: (exercise, line, course) => {
      const { item, seed } = exercise;
      const text = item.data.text;
      const missing =
        line.missing === undefined ? [] : typeof line.missing === 'string' ? [line.missing] : line.missing;
      if (missing.length === 0) return refuse(`fill-in-blanks needs 'missing': the words to cut out`);
      for (const word of missing) {
        if (!containsWord(text, word)) return refuse(`missing word '${word}' is not in '${text}'`, 'missing');
      }
      // The blanks are filled in sentence order.
      const folded = text.normalize('NFC').toLowerCase();
      exercise.missingWords = [...missing].sort(
        (a, b) => folded.indexOf(a.toLowerCase()) - folded.indexOf(b.toLowerCase()),
      );
      const extra =
        line.extra ?? tokenCandidates(course, item, seed, sentenceTokens(text)).slice(0, DEFAULT_EXTRA_CHIPS);
      exercise.chips = shuffledChips([...missing, ...extra], missing, seed);
      return undefined;
    },
    render: ({ exercise, text, translation }) => {
      if (!listSafe(exercise.chips)) return { error: `a word chip contains ';'` };
      return fields({
        type10_sentence: text,
        type10_options: exercise.chips.join('; '),
        type10_missing_words: exercise.missingWords.join('; '),
        type10_translation: translation,
        ...swapsOf(exercise.item, 'type10_swaps'),
      });
    },
  },
  11: {
    keys: [],
    choice: false,
    needsPicture: false,
    render: ({ exercise, translation }) => {
      const answers = typedAnswersOf(exercise.item);
      if (!listSafe(answers)) return { error: `an accepted answer contains ';'` };
      return fields({
        type11_question: translation,
        type11_correct_answers: answers.join(';'),
        ...(exercise.nearWords.length > 0 ? { type11_near_words: exercise.nearWords } : {}),
      });
    },
  },
  12: {
    ...choosingATranslation,
    render: ({ text, translationOptions }) => {
      const { options, flags } = translationOptions();
      return fields({ type12_sentence: text, type12_translation: options, type12_isCorrect: flags });
    },
  },
  13: {
    keys: [],
    choice: false,
    needsPicture: false,
    render: ({ exercise, text, translation }) =>
      fields({
        type13_word_or_phrase: text,
        type13_correct_answers: dictationAnswersOf(exercise.item),
        type13_translation: translation,
        ...(exercise.nearWords.length > 0 ? { type13_near_words: exercise.nearWords } : {}),
      }),
  },
  14: {
    keys: [],
    choice: false,
    needsPicture: false,
    render: ({ text, translation }) => fields({ type14_sentence: text, type14_translation: translation }),
  },
  15: {
    keys: ['shown'],
    choice: true,
    needsPicture: true,
    resolve: (exercise, line, course) => {
      const refusal = resolveShown(exercise, line, course);
      if (refusal) return refusal;
      if (exercise.shown?.kind !== 'word') {
        return refuse(`image-translation-word shows a word; '${exercise.shown?.data.id}' is a phrase`);
      }
      return undefined;
    },
    render: ({ exercise, spoken, text, translate, image }) => {
      const shown = exercise.shown ?? exercise.item;
      return fields({
        type15_image: image,
        type15_word: shownText(shown),
        type15_translation: translate(shown),
        type15_isCorrect: shown === exercise.item || shown.data.text === text,
        type15_title: imageMatchTitle[spoken],
      });
    },
  },
};
