import { z } from 'zod';
import { chooseCorrectTranslation } from './choose-correct-translation/choose-correct-translation.ts';
import { chooseMissingWord } from './choose-missing-word/choose-missing-word.ts';
import { choosePictureByTranslation } from './choose-picture-by-translation/choose-picture-by-translation.ts';
import { choosePicture } from './choose-picture/choose-picture.ts';
import { chooseTranslation } from './choose-translation/choose-translation.ts';
import {
  cannotTalkAnswerSchema,
  choiceAnswerSchema,
  exerciseTypeNumbers,
  furtherAnswerSchema,
  skippedAnswerSchema,
  textAnswerSchema,
  verdictAnswerSchema,
  wordsAnswerSchema,
} from './exercise-type.ts';
import type { ExerciseTitle, ExerciseTypeNumber, MainButton } from './exercise-type.ts';
import type { TypedMatch } from '../review/forgiving-check.ts';
import { fillInBlanks } from './fill-in-blanks/fill-in-blanks.ts';
import { freeTextTranslation } from './free-text-translation/free-text-translation.ts';
import { imageTranslationWord } from './image-translation-word/image-translation-word.ts';
import { isTranslationCorrect } from './is-translation-correct/is-translation-correct.ts';
import { listenAndChoose } from './listen-and-choose/listen-and-choose.ts';
import { listenAndRepeat } from './listen-and-repeat/listen-and-repeat.ts';
import { listenAndSpeak } from './listen-and-speak/listen-and-speak.ts';
import { sayThisText } from './say-this-text/say-this-text.ts';
import { translateSentence } from './translate-sentence/translate-sentence.ts';
import { writeWhatYouHear } from './write-what-you-hear/write-what-you-hear.ts';

/**
 * The one place that knows all 15 exercise types. Its type is a mapped type over the type numbers, so a
 * type missing here (or registered under the wrong number) fails to compile.
 */

interface RegisteredExerciseType<T extends ExerciseTypeNumber> {
  type: T;
  name: string;
  mainButton: MainButton;
  production: boolean;
  speaking: boolean;
  schema: z.ZodType<{ type: T }>;
  fieldsSchema: z.ZodType<Record<string, unknown>>;
  answerEnvelope: z.ZodType;
  // Method syntax keeps the parameters bivariant, so each type's precise field types fit this slot.
  check(fields: never, answer: never): boolean;
  matchTyped?(fields: never, answer: never): TypedMatch | null;
  rightAnswer(fields: never): string | undefined;
  audioPhrase(fields: never): string | undefined;
  title(fields: never): ExerciseTitle;
  accepts?(fields: never): string[];
}

export type ExerciseTypeRegistry = { [T in ExerciseTypeNumber]: RegisteredExerciseType<T> };

export const exerciseTypes = {
  1: listenAndSpeak,
  2: isTranslationCorrect,
  3: choosePictureByTranslation,
  4: choosePicture,
  5: chooseTranslation,
  6: listenAndChoose,
  7: listenAndRepeat,
  8: chooseMissingWord,
  9: translateSentence,
  10: fillInBlanks,
  11: freeTextTranslation,
  12: chooseCorrectTranslation,
  13: writeWhatYouHear,
  14: sayThisText,
  15: imageTranslationWord,
} as const satisfies ExerciseTypeRegistry;

export { exerciseTypeNumbers };

/** Whether the learner builds, types or says the target language in this type (issue 32's production). */
export const isProduction = (type: ExerciseTypeNumber): boolean => exerciseTypes[type].production;

/** Whether this type needs the microphone, so 'cannot talk' or no speech recognition leaves it out. */
export const isSpeaking = (type: ExerciseTypeNumber): boolean => exerciseTypes[type].speaking;

/** Whether this type tests nothing: the learner only presses 'further' (SPEC §2), so it is never practised. */
export const testsNothing = (type: ExerciseTypeNumber): boolean =>
  exerciseTypes[type].mainButton === 'further';
export type { ExerciseTitle, ExerciseTypeNumber, MainButton };

/** An exercise as stored and served: the common fields plus the fields of its type (SPEC §3). */
export const exerciseSchema = z.discriminatedUnion('type', [
  listenAndSpeak.schema,
  isTranslationCorrect.schema,
  choosePictureByTranslation.schema,
  choosePicture.schema,
  chooseTranslation.schema,
  listenAndChoose.schema,
  listenAndRepeat.schema,
  chooseMissingWord.schema,
  translateSentence.schema,
  fillInBlanks.schema,
  freeTextTranslation.schema,
  chooseCorrectTranslation.schema,
  writeWhatYouHear.schema,
  sayThisText.schema,
  imageTranslationWord.schema,
]);
export type Exercise = z.output<typeof exerciseSchema>;
export type ExerciseOfType<T extends ExerciseTypeNumber> = Extract<Exercise, { type: T }>;

/**
 * Every answer the client may send, for any type; use answerSchemaFor to accept only what fits one type.
 * `cannotTalk` is only valid for type 14.
 */
export const answerEnvelopeSchema = z.union([
  choiceAnswerSchema,
  wordsAnswerSchema,
  textAnswerSchema,
  verdictAnswerSchema,
  skippedAnswerSchema,
  cannotTalkAnswerSchema,
  furtherAnswerSchema,
]);
export type AnswerEnvelope = z.output<typeof answerEnvelopeSchema>;

/** The per-type fields alone, for storage that keeps them apart from the common fields. */
export function fieldsSchemaFor(type: ExerciseTypeNumber): z.ZodType<Record<string, unknown>> {
  return exerciseTypes[type].fieldsSchema;
}

export function answerSchemaFor(type: ExerciseTypeNumber): z.ZodType<AnswerEnvelope> {
  return exerciseTypes[type].answerEnvelope;
}

/**
 * How an answer settles the exercise in the player (SPEC §4): 'seen' is 'further' on types 1 and 7,
 * which test nothing; 'wrong' leaves the exercise in the queue, every other outcome takes it out.
 */
export type AnswerOutcome = 'right' | 'wrong' | 'seen' | 'skipped' | 'cannot-talk';

export interface CheckResult {
  correct: boolean;
  /** Whether the exercise leaves the queue. */
  answered: boolean;
  outcome: AnswerOutcome;
  /** Shown in the result panel; absent for types 2, 4 and 15. */
  rightAnswer?: string;
  /** Typed answers accepted by the forgiving check: how (accent, typo) and the letters to fix. */
  typed?: TypedMatch;
}

export class InvalidAnswerError extends Error {
  constructor(
    readonly exerciseType: ExerciseTypeNumber,
    readonly issues: readonly z.core.$ZodIssue[],
  ) {
    super(`answer does not fit exercise type ${exerciseType}`);
    this.name = 'InvalidAnswerError';
  }
}

/**
 * The untyped view of one registry entry: TypeScript cannot relate `exercise.type` to the entry it selects,
 * and the entry's answer schema has already checked the answer's shape.
 */
interface ErasedExerciseType {
  answerEnvelope: z.ZodType<AnswerEnvelope>;
  check(fields: Exercise, answer: AnswerEnvelope): boolean;
  matchTyped?(fields: Exercise, answer: AnswerEnvelope): TypedMatch | null;
  rightAnswer(fields: Exercise): string | undefined;
  audioPhrase(fields: Exercise): string | undefined;
  title(fields: Exercise): ExerciseTitle;
}
const entryFor = (exercise: Exercise) => exerciseTypes[exercise.type] as unknown as ErasedExerciseType;

/**
 * SPEC §5 answer check, run by the player for instant feedback and by the server for the result that
 * counts. Throws InvalidAnswerError when the answer's shape does not belong to the exercise's type.
 */
export function checkAnswer(exercise: Exercise, answer: unknown): CheckResult {
  const entry = entryFor(exercise);
  const parsed = entry.answerEnvelope.safeParse(answer);
  if (!parsed.success) throw new InvalidAnswerError(exercise.type, parsed.error.issues);
  const rightAnswer = entry.rightAnswer(exercise);
  const shown = rightAnswer === undefined ? {} : { rightAnswer };
  const given = parsed.data;
  if ('skipped' in given) return { correct: false, answered: true, outcome: 'skipped', ...shown };
  if ('cannotTalk' in given) return { correct: false, answered: true, outcome: 'cannot-talk', ...shown };
  if (testsNothing(exercise.type)) {
    return { correct: true, answered: true, outcome: 'seen', ...shown };
  }
  if (entry.matchTyped) {
    const typed = entry.matchTyped(exercise, given);
    if (!typed) return { correct: false, answered: false, outcome: 'wrong', ...shown };
    return { correct: true, answered: true, outcome: 'right', ...shown, typed };
  }
  const correct = entry.check(exercise, given);
  return { correct, answered: correct, outcome: correct ? 'right' : 'wrong', ...shown };
}

/**
 * Every answer an exercise of a typed or built type takes as written (none for the choosing types, nor for
 * fields that do not fit the type), for the authors' list of answers learners reported.
 */
export function acceptedAnswersOf(type: number, fields: Record<string, unknown>): string[] {
  if (!isExerciseTypeNumber(type)) return [];
  const entry = exerciseTypes[type] as unknown as {
    fieldsSchema: z.ZodType<Record<string, unknown>>;
    accepts?(fields: Record<string, unknown>): string[];
  };
  const parsed = entry.fieldsSchema.safeParse(fields);
  return parsed.success && entry.accepts ? entry.accepts(parsed.data) : [];
}

/** An answer check: `checkAnswer`, or one that remembers its results (`rememberedChecks`). */
export type AnswerCheck = (exercise: Exercise, answer: unknown) => CheckResult;

/**
 * `checkAnswer` remembering each exercise's and answer's result, for the checks of one completion: its rules
 * and its answers' memory both replay the same attempts (issue 15, ADR 039). Only for answers nobody
 * changes meanwhile (a parsed request body); a refused answer throws again, as `checkAnswer` does.
 */
export function rememberedChecks(): AnswerCheck {
  const results = new Map<Exercise, Map<unknown, CheckResult | InvalidAnswerError>>();
  return (exercise, answer) => {
    let ofExercise = results.get(exercise);
    if (!ofExercise) results.set(exercise, (ofExercise = new Map()));
    let result = ofExercise.get(answer);
    if (result === undefined) {
      try {
        result = checkAnswer(exercise, answer);
      } catch (error) {
        if (!(error instanceof InvalidAnswerError)) throw error;
        result = error;
      }
      ofExercise.set(answer, result);
    }
    if (result instanceof InvalidAnswerError) throw result;
    return result;
  };
}

export function isExerciseTypeNumber(type: unknown): type is ExerciseTypeNumber {
  return exerciseTypeNumbers.includes(type as ExerciseTypeNumber);
}

/** SPEC §2 title; anything outside 1..15 (old content, a newer server) shows 'Unknown type'. */
export function titleFor(exercise: Exercise | { type: number }): ExerciseTitle {
  if (!isExerciseTypeNumber(exercise.type)) return { kind: 'label', label: 'unknown-type' };
  return entryFor(exercise as Exercise).title(exercise as Exercise);
}

export function audioPhraseFor(exercise: Exercise): string | undefined {
  return entryFor(exercise).audioPhrase(exercise);
}

export function rightAnswerFor(exercise: Exercise): string | undefined {
  return entryFor(exercise).rightAnswer(exercise);
}

export function mainButtonFor(type: ExerciseTypeNumber): MainButton {
  return exerciseTypes[type].mainButton;
}

/** SPEC §2: the types answered with 'right' (2 and 15) add a 'not properly' button next to it. */
export function hasNotProperlyButton(type: ExerciseTypeNumber): boolean {
  return exerciseTypes[type].mainButton === 'right';
}
