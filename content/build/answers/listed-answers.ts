import { checkAnswer, exerciseSchema } from '@parlo/core/exercises/registry';
import { splitList } from '@parlo/core/exercises/answer-text';
import { swappedVariants, type SwapGroups } from '@parlo/core/exercises/swapped-items';
import type { BuiltCatalogue, BuiltExercise } from '../built-catalogue.ts';
import { sentenceTokens } from '../text-tokens.ts';

/** A listed answer (or a marked order) that the answer check would mark wrong. */
export interface WrongListedAnswer {
  /** The exercise's key (course/program/topic/lesson/exercise). */
  key: string;
  message: string;
}

export interface ListedAnswersResult {
  wrong: WrongListedAnswer[];
  /** Answers of types 11 and 13 put through the check. */
  answers: number;
  /** Type 9 and 10 sentences whose marked orders were put through the check. */
  swapped: number;
}

/**
 * Issue 31: every answer a free translation (type 11) or a dictation (type 13) lists is accepted by the
 * check the player and the server run, so no listed answer is marked wrong; and every order of the
 * coordinated items a phrase marks as swappable (types 9 and 10) passes its own check. Run on the built
 * exercises, since the check works on what a learner is given. One speaker per course is enough: the
 * answers are the course's, the same for every speaker.
 */
export function checkListedAnswers(catalogue: Pick<BuiltCatalogue, 'packages'>): ListedAnswersResult {
  const result: ListedAnswersResult = { wrong: [], answers: 0, swapped: 0 };
  const seen = new Set<string>();
  for (const pkg of catalogue.packages) {
    if (pkg.soon || seen.has(pkg.course)) continue;
    seen.add(pkg.course);
    for (const program of pkg.programs) {
      for (const topic of program.topics) {
        for (const lesson of topic.lessons) {
          for (const built of lesson.exercises) checkExercise(built, result);
        }
      }
    }
  }
  return result;
}

type Checked = Pick<BuiltExercise, 'key' | 'type' | 'blitz' | 'fields'>;

function checkExercise(built: Checked, result: ListedAnswersResult): void {
  if (built.type === 9 || built.type === 10) {
    checkSwappedOrders(built, result);
    return;
  }
  if (built.type !== 11 && built.type !== 13) return;
  const exercise = asExercise(built);
  const answers =
    built.type === 11
      ? splitList(String(built.fields.type11_correct_answers))
      : (built.fields.type13_correct_answers as string[]);
  for (const text of answers) {
    result.answers += 1;
    if (!checkAnswer(exercise, { text }).correct) {
      result.wrong.push({
        key: built.key,
        message: `the listed answer '${text}' is marked wrong by the check`,
      });
    }
  }
}

/** A type 9 or 10 exercise answered in each other order of its marked items, as the player sends it. */
function checkSwappedOrders(built: Checked, result: ListedAnswersResult): void {
  const swaps = (built.fields.type9_swaps ?? built.fields.type10_swaps) as SwapGroups | undefined;
  if (!swaps) return;
  result.swapped += 1;
  const sentence = String(built.fields.type9_in_correct_order ?? built.fields.type10_sentence);
  const variants = swappedVariants(sentence, swaps);
  // The sentence as written and at least one other order: a group that fits nothing would be a silent no-op.
  if (variants.length < 2) {
    result.wrong.push({ key: built.key, message: `the swap ${JSON.stringify(swaps)} gives no other order` });
    return;
  }
  const exercise = asExercise(built);
  const chips = built.type === 9 ? splitList(String(built.fields.type9_word_choice)) : [];
  let checked = 0;
  for (const variant of variants.slice(1)) {
    // Type 9 is answered with chips, cut from the sentence as the build cuts them (a French ' ?' is no chip).
    const words = built.type === 9 ? sentenceTokens(variant) : variant.split(' ');
    // Type 9 is built from the chips, which keep the case of the sentence as written.
    if (built.type === 9 && !words.every((word) => chips.some((chip) => sameChip(chip, word)))) continue;
    checked += 1;
    if (!checkAnswer(exercise, { words }).correct) {
      result.wrong.push({
        key: built.key,
        message: `the marked order '${variant}' is marked wrong by the check`,
      });
    }
  }
  if (checked === 0) {
    result.wrong.push({ key: built.key, message: 'no swapped order can be built from its chips' });
  }
}

const asExercise = (built: Checked) =>
  exerciseSchema.parse({
    ...built.fields,
    type: built.type,
    id: 1,
    lessonId: 1,
    blitz: built.blitz,
    enabled: true,
    order: 0,
  });

/** A chip stands for a word of the sentence with its edge punctuation dropped (content/README.md). */
const sameChip = (chip: string, word: string) =>
  chip === word || chip === word.replace(/^[\p{P}]+|[\p{P}]+$/gu, '');
