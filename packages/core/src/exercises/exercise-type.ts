import { z } from 'zod';
import type { TypedMatch } from '../review/forgiving-check.ts';

/**
 * What every exercise type module provides. The registry (registry.ts) maps each of the 15 type numbers to
 * one of these, so the browser (instant feedback) and the server (the result that counts) run the same check.
 */

export const exerciseTypeNumbers = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] as const;
export type ExerciseTypeNumber = (typeof exerciseTypeNumbers)[number];

/** Fields every exercise carries besides its per-type fields (SPEC §3 Exercise). */
export const commonExerciseShape = {
  id: z.number().int(),
  lessonId: z.number().int(),
  blitz: z.boolean(),
  enabled: z.boolean(),
  order: z.number().int(),
};

/** SPEC §2 footer: the main button's label. */
export type MainButton = 'further' | 'right' | 'verify';

/**
 * SPEC §2 title rule. A label is a fixed, translated text (the web maps `exercise-title-N` to it); the other
 * kinds carry exercise text, `choose` being shown as "choose «word»".
 */
export type ExerciseTitle =
  | { kind: 'label'; label: `exercise-title-${ExerciseTypeNumber}` | 'unknown-type' }
  | { kind: 'text'; text: string }
  | { kind: 'choose'; word: string };

export const fixedTitle = (type: ExerciseTypeNumber): ExerciseTitle => ({
  kind: 'label',
  label: `exercise-title-${type}`,
});

type FieldShape = Record<string, z.ZodType>;
type Fields<Shape extends FieldShape> = z.output<z.ZodObject<Shape>>;

export interface ExerciseTypeSpec<
  T extends ExerciseTypeNumber,
  Shape extends FieldShape,
  Answer extends z.ZodType,
> {
  type: T;
  /** Folder name; also the name the web's player folder uses. */
  name: string;
  fields: Shape;
  /** Sanity rules the content must satisfy, beyond field types. */
  refine?: (fields: Fields<Shape>, ctx: z.RefinementCtx) => void;
  /** What the client sends when the learner answers (not skipping). */
  answer: Answer;
  mainButton: MainButton;
  /** The learner builds, types or says the target language (issue 32 counts these as production). */
  production: boolean;
  /** Needs the microphone: left out without speech recognition or after 'cannot talk' (SPEC §2, §4). */
  speaking: boolean;
  check: (fields: Fields<Shape>, answer: z.output<Answer>) => boolean;
  /**
   * Typed answers only (types 10, 11, 13): how the forgiving check accepted the answer (exact, missing
   * accent, one typo) and which letters to point out; null when wrong. `check` must agree with it.
   */
  matchTyped?: (fields: Fields<Shape>, answer: z.output<Answer>) => TypedMatch | null;
  /** Text shown with the result; undefined where SPEC §2 shows no right answer (types 2, 4, 15). */
  rightAnswer: (fields: Fields<Shape>) => string | undefined;
  /** The target-language phrase whose recording is played (SPEC §7 audio), if the type plays one. */
  audioPhrase: (fields: Fields<Shape>) => string | undefined;
  title: (fields: Fields<Shape>) => ExerciseTitle;
  /** Typed and built answers only: every answer the check takes as written, for the authors' lists. */
  accepts?: (fields: Fields<Shape>) => string[];
}

export const skippedAnswerSchema = z.strictObject({ skipped: z.literal(true) });
export const cannotTalkAnswerSchema = z.strictObject({ cannotTalk: z.literal(true) });

export function defineExerciseType<
  T extends ExerciseTypeNumber,
  Shape extends FieldShape,
  Answer extends z.ZodType,
>(spec: ExerciseTypeSpec<T, Shape, Answer>) {
  const refine = spec.refine;
  const fieldsObject = z.object(spec.fields);
  const fieldsSchema = refine ? fieldsObject.superRefine((fields, ctx) => refine(fields, ctx)) : fieldsObject;
  const exerciseObject = z.object({ ...commonExerciseShape, type: z.literal(spec.type), ...spec.fields });
  // The exercise object holds the type's fields plus the common ones; TypeScript cannot see that through
  // the generic shape, hence the widening cast.
  const schema = refine
    ? exerciseObject.superRefine((exercise, ctx) => refine(exercise as unknown as Fields<Shape>, ctx))
    : exerciseObject;
  // Only a speaking type needs the microphone, so only it may be left with 'cannot talk' (SPEC §2).
  const answerEnvelope = spec.speaking
    ? z.union([spec.answer, skippedAnswerSchema, cannotTalkAnswerSchema])
    : z.union([spec.answer, skippedAnswerSchema]);
  return { ...spec, fieldsSchema, schema, answerEnvelope };
}

// ---- Shared field rules -----------------------------------------------------------------------------

export const textField = z.string().trim().min(1);
/** Types 9 and 10: groups of coordinated items that may come in any order (swapped-items.ts). */
export const swapsField = z.array(z.array(z.string().trim().min(1)).min(2)).optional();
export const choiceAnswerSchema = z.strictObject({ choice: z.number().int().nonnegative() });
export const wordsAnswerSchema = z.strictObject({ words: z.array(z.string()).min(1) });
export const textAnswerSchema = z.strictObject({ text: z.string().trim().min(1) });
export const verdictAnswerSchema = z.strictObject({ verdict: z.enum(['right', 'not-properly']) });
/** Types 1 and 7 are answered by pressing 'further'; nothing else is sent. */
export const furtherAnswerSchema = z.strictObject({});

/**
 * Option lists with a parallel list of correctness flags (types 3, 4, 5, 6, 8, 12): at least two options,
 * one flag per option and exactly one option flagged correct, otherwise the learner could not pick "the"
 * right one or the check would be ambiguous.
 */
export function refineOptions(
  ctx: z.RefinementCtx,
  flags: readonly boolean[],
  flagsPath: string,
  options?: { values: readonly unknown[]; path: string },
): void {
  if (options && options.values.length !== flags.length) {
    ctx.addIssue({
      code: 'custom',
      message: `${flagsPath} needs one flag per option of ${options.path}`,
      path: [flagsPath],
    });
  }
  if (flags.length < 2) {
    ctx.addIssue({ code: 'custom', message: 'at least two options are needed', path: [flagsPath] });
  }
  if (flags.filter(Boolean).length !== 1) {
    ctx.addIssue({ code: 'custom', message: 'exactly one option must be correct', path: [flagsPath] });
  }
}

export function chosenOptionIsCorrect(flags: readonly boolean[], choice: number): boolean {
  return flags[choice] === true;
}

export function correctOption<T>(options: readonly T[], flags: readonly boolean[]): T | undefined {
  const index = flags.indexOf(true);
  return index === -1 ? undefined : options[index];
}
