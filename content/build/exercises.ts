import { exerciseTypes, fieldsSchemaFor, type ExerciseTypeNumber } from '@parlo/core/exercises/registry';
import { picturePath } from './built-catalogue.ts';
import { exerciseBuilds, OPTION_COUNT, type RenderResult } from './exercise-builds.ts';
import {
  exerciseLineSchema,
  type CourseItems,
  type ExerciseLine,
  type ResolvedExercise,
} from './exercise-items.ts';
import type { LoadedItem, LoadedLesson } from './format/load-courses.ts';
import type { SpokenLanguage } from './languages.ts';
import type { ProblemList } from './problems.ts';
import { withAnswerAt } from './seeded.ts';

export {
  dictationAnswersOf,
  itemKeyOf,
  shownText,
  typedAnswersOf,
  type CourseItems,
  type ResolvedExercise,
} from './exercise-items.ts';
export type { RenderResult } from './exercise-builds.ts';

/**
 * Turning one compact exercise line (content/README.md) into the per-type fields of SPEC §3 for one
 * spoken language. Resolution (references, sanity, distractors) happens once per exercise and does not
 * depend on the spoken language; rendering then reads the translations of each spoken language. What
 * differs per type is in exercise-builds.ts.
 */

export const typeNumberByName: ReadonlyMap<string, ExerciseTypeNumber> = new Map(
  Object.values(exerciseTypes).map((entry) => [entry.name, entry.type]),
);

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
  const build = exerciseBuilds[type];

  const parsed =
    typeof value === 'string'
      ? { success: true as const, data: { word: value } }
      : exerciseLineSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const detail =
      issue?.code === 'unrecognized_keys'
        ? `unknown key(s) ${issue.keys.join(', ')}`
        : (issue?.message ?? '');
    return fail(`${typeName}: ${[...(issue?.path ?? [])].join('.')} ${detail}`.replace(/\s+/g, ' ').trim());
  }
  const params: ExerciseLine = parsed.data;
  for (const key of Object.keys(params) as (keyof ExerciseLine)[]) {
    if (key !== 'word' && key !== 'phrase' && key !== 'blitz' && !build.keys.includes(key)) {
      return fail(`${typeName} does not take '${key}'`, [...valueAt, key]);
    }
  }
  const ref = params.word ?? params.phrase;
  if (ref === undefined) return fail(`${typeName} needs a word or phrase id`);
  if (params.word !== undefined && params.phrase !== undefined) return fail(`give either 'word' or 'phrase'`);
  const item = course.items.get(ref);
  if (!item) return fail(`unknown word or phrase '${ref}'`);
  if (build.needsPicture && (item.kind !== 'word' || !item.data.picture)) {
    return fail(`${typeName} needs a word with a picture; '${ref}' has none`);
  }

  const count = (usedKeys.get(`${typeName}:${ref}`) ?? 0) + 1;
  usedKeys.set(`${typeName}:${ref}`, count);
  const key = `${lesson.data.id}/${typeName}:${ref}${count > 1 ? `#${count}` : ''}`;
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
    seed: `${course.courseCode}:${key}`,
    file: lesson.file,
    path: at,
  };
  for (const id of params.distractors ?? []) {
    const distractor = course.items.get(id);
    if (!distractor) return fail(`unknown distractor '${id}'`, [...valueAt, 'distractors']);
    resolved.distractors.push(distractor);
  }
  const refusal = build.resolve?.(resolved, params, course);
  if (refusal) return fail(refusal.message, refusal.key ? [...valueAt, refusal.key] : valueAt);
  return resolved;
}

/** SPEC §5 choice types: by default the first two of them in a regular lesson are blitz exercises. */
export function isDefaultBlitzCandidate(type: ExerciseTypeNumber): boolean {
  return exerciseBuilds[type].choice;
}

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
  const translation = translate(item);
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
  const rendered = exerciseBuilds[exercise.type].render({
    exercise,
    spoken,
    text: item.data.text,
    translation,
    image: item.kind === 'word' && item.data.picture ? picturePath(item.data.picture) : undefined,
    translate,
    translationOptions,
  });
  if ('error' in rendered) return rendered;
  const checked = fieldsSchemaFor(exercise.type).safeParse(rendered.fields);
  if (!checked.success) {
    return {
      error: checked.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
    };
  }
  const options = optionCount(rendered.fields);
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

/** Types answered by typing, checked by the forgiving check (issue 16). */
export const TYPED_TYPES: ReadonlySet<ExerciseTypeNumber> = new Set([11, 13]);
