import { nounGenderSchema } from '@parlo/core/exercises/noun-gender';
import { z } from 'zod';

/**
 * The shape of the course files (content/README.md). Unknown keys are errors, so a misspelt key is caught
 * instead of silently ignored. Translation maps accept any keys here; which languages they must hold is
 * checked (and counted) separately, because an incomplete map is a coverage shortfall, not a broken file.
 */

const ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const HEXCODE = /^[0-9A-F]{4,6}(?:-[0-9A-F]{2,6})*$/;

/** YAML reads `text: 100` or `en: true` as a number or boolean; course text is always a string. */
const scalarText = z
  .union([z.string(), z.number(), z.boolean()])
  .transform((value) => String(value).trim())
  .pipe(z.string().min(1, 'must not be empty'));

export const idSchema = z.string().regex(ID, 'ids are kebab-case ASCII (a-z, 0-9, -)');
/** YAML reads an unquoted all-digit hexcode (`icon: 2615`) as a number; it is read back as text. */
export const hexcodeSchema = z
  .union([z.string(), z.number().int().min(0).max(99999)])
  .transform((value) => (typeof value === 'number' ? String(value).padStart(4, '0') : value.toUpperCase()))
  .pipe(
    z
      .string()
      .regex(HEXCODE, 'an OpenMoji hexcode is hex like 1F436 or 1F1E9-1F1EA (quote it if YAML misreads it)'),
  );
export const translationMapSchema = z.record(z.string(), scalarText);

/** `say:` what the speech engine reads instead of the written text, for words an engine misreads. */
export const wordSchema = z.strictObject({
  id: idSchema,
  text: scalarText,
  say: scalarText.optional(),
  picture: hexcodeSchema.optional(),
  /** A noun's gender where its article hides it (French l'heure, les lunettes); shown as "(f.)". */
  gender: nounGenderSchema.optional(),
  tr: translationMapSchema,
});

export const phraseSchema = z.strictObject({
  id: idSchema,
  text: scalarText,
  say: scalarText.optional(),
  tr: translationMapSchema,
  variants: z.array(scalarText).optional(),
  /** Coordinated items that may come in any order in types 9 and 10 (content/README.md). */
  swap: z.array(z.array(scalarText)).optional(),
});

/** One exercise line: `- type-name: id` or `- type-name: { … }`; its parameters are checked per type. */
export const exerciseLineSchema = z
  .record(z.string(), z.unknown())
  .refine((line) => Object.keys(line).length === 1, 'an exercise line is one `type-name: …` entry');

export const lessonSchema = z.strictObject({
  id: idSchema,
  kind: z.enum(['regular', 'rules', 'word-review']).default('regular'),
  name: translationMapSchema,
  description: translationMapSchema.optional(),
  exercises: z.array(exerciseLineSchema).optional(),
});

export const normalTopicSchema = z.strictObject({
  id: idSchema,
  name: translationMapSchema,
  icon: hexcodeSchema,
  basic: z.boolean().default(false),
  rules: translationMapSchema,
  words: z.array(wordSchema).default([]),
  phrases: z.array(phraseSchema).default([]),
  lessons: z.array(lessonSchema),
});

export const blitzTopicSchema = z.strictObject({
  blitz: idSchema,
  name: translationMapSchema,
  icon: hexcodeSchema,
});

export const programSchema = z.strictObject({
  id: idSchema,
  level: z.string().optional(),
  name: translationMapSchema,
  description: translationMapSchema.optional(),
  /** Each topic is checked on its own (normal or blitz), so one broken topic does not hide the others. */
  topics: z.array(z.unknown()),
});

export const courseSchema = z.strictObject({
  code: z.string().regex(/^[a-z]{2}$/, 'a two-letter ISO 639-1 code'),
  name: translationMapSchema,
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, "a colour like '#f59e0b'"),
  icon: hexcodeSchema,
  order: z.number().int(),
  soon: z.boolean().default(false),
  programs: z.array(z.string().min(1)).default([]),
});

export type SourceWord = z.output<typeof wordSchema>;
export type SourcePhrase = z.output<typeof phraseSchema>;
export type SourceLesson = z.output<typeof lessonSchema>;
export type SourceNormalTopic = z.output<typeof normalTopicSchema>;
export type SourceBlitzTopic = z.output<typeof blitzTopicSchema>;
export type SourceProgram = z.output<typeof programSchema>;
export type SourceCourse = z.output<typeof courseSchema>;
export type TranslationMap = Record<string, string>;
