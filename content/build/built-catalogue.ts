import { z } from 'zod';

/**
 * The built catalogue (`content/dist/catalogue.json`): what the server imports. Every row carries a
 * stable `key` derived from the course's ids, so a rebuild updates the same database rows and learners'
 * progress keeps pointing at the right lessons.
 */

export const builtExerciseSchema = z.object({
  key: z.string(),
  /**
   * The word or phrase the exercise practises ('<course>:<word id>'), the same for every exercise type and
   * spoken language, so the review memory (issue 16) keeps one strength per word. Optional only so the
   * validator can report an exercise built without one.
   */
  itemKey: z.string().optional(),
  /** The item in the course language and in the speaker's language (the words panel shows both). */
  itemText: z.string().optional(),
  itemTranslation: z.string().optional(),
  type: z.number().int().min(1).max(15),
  blitz: z.boolean(),
  order: z.number().int(),
  fields: z.record(z.string(), z.unknown()),
});

export const builtLessonSchema = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** 0 regular, 1 rules, 2 word review (SPEC §3). */
  type: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  order: z.number().int(),
  html: z.string().nullable(),
  exercises: z.array(builtExerciseSchema),
});

export const builtTopicSchema = z.object({
  key: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  iconBw: z.string().nullable(),
  /** 0 normal, 2 blitz (SPEC §3). */
  type: z.union([z.literal(0), z.literal(2)]),
  basic: z.boolean(),
  html: z.string().nullable(),
  order: z.number().int(),
  lessons: z.array(builtLessonSchema),
});

export const builtProgramSchema = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** The course (target) language code; also the audio language. */
  languageCode: z.string(),
  order: z.number().int(),
  topics: z.array(builtTopicSchema),
});

export const builtPackageSchema = z.object({
  key: z.string(),
  /** Spoken language code: the Language row this package hangs under. */
  spoken: z.string(),
  course: z.string(),
  name: z.string(),
  color: z.string().nullable(),
  icon: z.string().nullable(),
  soon: z.boolean(),
  order: z.number().int(),
  programs: z.array(builtProgramSchema),
});

export const builtLanguageSchema = z.object({
  code: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  order: z.number().int(),
});

/** A target-language text that has a recording, found by its hash (packages/core/src/audio/phrase-audio.ts). */
export const builtPhraseSchema = z.object({
  language: z.string(),
  hash: z.string(),
  text: z.string(),
  /** What the speech engine reads instead of the text (the course's `say:`), or null. */
  say: z.string().nullable().default(null),
  /**
   * The first lesson (in course order) that plays it: recordings are made ahead in this order. Both
   * default for a catalogue built before they existed (issue 31).
   */
  position: z.number().int().default(0),
});

export const builtCatalogueSchema = z.object({
  formatVersion: z.literal(1),
  /** SHA-256 of everything else in the file: the importer skips the import when it is unchanged. */
  hash: z.string(),
  languages: z.array(builtLanguageSchema),
  packages: z.array(builtPackageSchema),
  phrases: z.array(builtPhraseSchema),
  /** OpenMoji hexcodes copied to the output. */
  pictures: z.array(z.string()),
});

export type BuiltExercise = z.output<typeof builtExerciseSchema>;
export type BuiltLesson = z.output<typeof builtLessonSchema>;
export type BuiltTopic = z.output<typeof builtTopicSchema>;
export type BuiltProgram = z.output<typeof builtProgramSchema>;
export type BuiltPackage = z.output<typeof builtPackageSchema>;
export type BuiltLanguage = z.output<typeof builtLanguageSchema>;
export type BuiltPhrase = z.output<typeof builtPhraseSchema>;
export type BuiltCatalogue = z.output<typeof builtCatalogueSchema>;

export const CATALOGUE_FILE = 'catalogue.json';

/** URL paths of the media the server serves from the build output. */
export const picturePath = (hexcode: string) => `/media/pictures/${hexcode}.svg`;
export const pictureBwPath = (hexcode: string) => `/media/pictures/bw/${hexcode}.svg`;
