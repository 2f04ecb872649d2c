import { exerciseSchema } from '@parlo/core/exercises/registry';
import { z } from 'zod';

export const lessonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  topicId: z.number().int(),
  /** 0 regular, 1 rules, 2 word review (SPEC §3). */
  type: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  order: z.number().int(),
  html: z.string().nullable(),
});

export const topicSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  icon: z.string().nullable(),
  iconBw: z.string().nullable(),
  programId: z.number().int(),
  /** 0 normal, 2 blitz group (SPEC §3). */
  type: z.union([z.literal(0), z.literal(2)]),
  basic: z.boolean(),
  html: z.string().nullable(),
  order: z.number().int(),
  lessons: z.array(lessonSchema),
});

export const programSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  languageCode: z.string(),
  packageId: z.number().int(),
  order: z.number().int(),
  topics: z.array(topicSchema),
});

export const packageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string().nullable(),
  icon: z.string().nullable(),
  /** Announced but not yet learnable: listed, never selectable. */
  soon: z.boolean(),
  enabled: z.boolean(),
  order: z.number().int(),
  languageId: z.number().int(),
  programs: z.array(programSchema),
});

export const languageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  icon: z.string().nullable(),
  order: z.number().int(),
  enabled: z.boolean(),
  packages: z.array(packageSchema),
});

export const catalogueSchema = z.array(languageSchema).meta({ id: 'Catalogue' });
export type Catalogue = z.infer<typeof catalogueSchema>;
export type CatalogueLanguage = z.infer<typeof languageSchema>;

export { exerciseSchema };
export const exerciseListSchema = z.array(exerciseSchema);

export const exerciseWithLessonSchema = z.object({ exercise: exerciseSchema, lesson: lessonSchema });

export const statusTierSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  points: z.number().int(),
  enabled: z.boolean(),
  languageId: z.number().int().nullable(),
  icon: z.string().nullable(),
  iconBw: z.string().nullable(),
  /** Threshold of the following tier; null for the last tier. */
  nextPoints: z.number().int().nullable(),
});

export const configSchema = z
  .object({
    freeLessons: z.number().int(),
    /** Store listings from APP_STORE_URL / PLAY_STORE_URL; null while the app is not listed there. */
    appStoreUrl: z.url().nullable(),
    playStoreUrl: z.url().nullable(),
  })
  .meta({ id: 'Config' });
