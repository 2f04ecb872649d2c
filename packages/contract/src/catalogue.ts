import { exerciseSchema } from '@parlo/core/exercises/registry';
import { z } from 'zod';
import { defineCall } from './call.ts';
import { idListText, idText, secretQuery } from './fields.ts';

const tags = ['catalogue'];

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
export type Catalogue = z.output<typeof catalogueSchema>;
export type CatalogueLanguage = z.output<typeof languageSchema>;

/**
 * One spoken language's catalogue without its HTML texts (topics' and rules lessons' `html`): names, types,
 * order and ids of every course, program, topic and lesson — what a client needs to list and navigate a
 * course. The texts are about three quarters of the compressed catalogue and come with a lesson (ADR 025).
 * Derived from the full schemas, so a field added there appears here too.
 */
const lessonOutlineSchema = lessonSchema.omit({ html: true });
const topicOutlineSchema = topicSchema.omit({ html: true }).extend({ lessons: z.array(lessonOutlineSchema) });
const programOutlineSchema = programSchema.extend({ topics: z.array(topicOutlineSchema) });
const packageOutlineSchema = packageSchema.extend({ programs: z.array(programOutlineSchema) });
export const catalogueOutlineSchema = languageSchema
  .extend({ packages: z.array(packageOutlineSchema) })
  .meta({ id: 'CatalogueOutline' });
export type CatalogueOutline = z.output<typeof catalogueOutlineSchema>;

/**
 * The catalogue without topics and lessons: what the landing page and onboarding show (spoken languages,
 * their courses and each course's programs), a few KB instead of the whole catalogue.
 */
export const courseListSchema = z
  .array(
    languageSchema.extend({
      packages: z.array(packageSchema.extend({ programs: z.array(programSchema.omit({ topics: true })) })),
    }),
  )
  .meta({ id: 'CourseList' });
export type CourseList = z.output<typeof courseListSchema>;

export const exerciseListSchema = z.array(exerciseSchema);

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

/** Courses, lessons and exercises (SPEC §7 GET languages, lessons/{id}/exercises, exercises, status, get-config). */
export const languages = defineCall({
  method: 'GET',
  path: '/api/languages',
  tags,
  summary: 'The enabled catalogue: spoken languages → courses → programs → topics → lessons, ordered',
  description:
    'Every spoken language with every text. Answers 304 when If-None-Match carries the current ETag. ' +
    'Courses with soon=true are not selectable.',
  access: 'anyone',
  status: 200,
  response: catalogueSchema,
  otherResponses: { 304: z.undefined().describe('Not modified') },
  refusals: [],
});

export const catalogueOutline = defineCall({
  method: 'GET',
  path: '/api/languages/:languageId/outline',
  tags,
  summary: "One spoken language's courses → programs → topics → lessons, ordered, without the HTML texts",
  description:
    'The part of GET /api/languages a client of one spoken language lists and navigates with, without ' +
    "topics' and lessons' html (a lesson's rules come with GET /api/lessons/{id}). Answers 304 when " +
    'If-None-Match carries the current ETag.',
  access: 'anyone',
  /** The spoken language, by its id (as GET status takes it). */
  params: z.object({ languageId: idText }),
  status: 200,
  response: catalogueOutlineSchema,
  otherResponses: { 304: z.undefined().describe('Not modified') },
  refusals: [400, 404],
});

export const courses = defineCall({
  method: 'GET',
  path: '/api/courses',
  tags,
  summary: 'The enabled spoken languages → courses → programs, ordered, without topics and lessons',
  description:
    'What the landing page and onboarding need. Answers 304 when If-None-Match carries the current ETag.',
  access: 'anyone',
  status: 200,
  response: courseListSchema,
  otherResponses: { 304: z.undefined().describe('Not modified') },
  refusals: [],
});

export const lessonExercises = defineCall({
  method: 'GET',
  path: '/api/lessons/:lessonId/exercises',
  tags,
  summary: "A lesson's enabled exercises, in order",
  access: 'learner',
  params: z.object({ lessonId: idText }),
  status: 200,
  response: exerciseListSchema,
  refusals: [400, 404],
});

/**
 * A lesson's place in its course: the names on the path from the spoken language down (for reports), the
 * program's topics (for 'up next') and the lesson's topic with the topic's rules and lessons (names, order).
 * Content only, the same for every learner.
 */
export const lessonPlaceSchema = z
  .object({
    language: z.object({ id: z.number().int(), name: z.string() }),
    coursePackage: z.object({ id: z.number().int(), name: z.string() }),
    program: z.object({
      id: z.number().int(),
      name: z.string(),
      /** The language the course teaches (recordings are stored per language). */
      languageCode: z.string(),
      topics: z.array(z.object({ id: z.number().int(), name: z.string() })),
    }),
    /** The lesson's topic; the lesson itself is `topic.lessons` with the asked-for id. */
    topic: topicSchema,
  })
  .meta({ id: 'LessonPlace' });
export type LessonPlace = z.output<typeof lessonPlaceSchema>;

/**
 * A lesson to play, from one request (issue 15, ADR 027): its exercises and its place in the course.
 * Prebuilt per lesson like its exercises.
 */
export const playableLessonSchema = lessonPlaceSchema
  .extend({ exercises: exerciseListSchema })
  .meta({ id: 'PlayableLesson' });
export type PlayableLesson = z.output<typeof playableLessonSchema>;

export const lessonToPlay = defineCall({
  method: 'GET',
  path: '/api/lessons/:lessonId',
  tags,
  summary: "A lesson to play: its enabled exercises in order, its topic (with rules) and its course's names",
  access: 'learner',
  params: z.object({ lessonId: idText }),
  status: 200,
  response: playableLessonSchema,
  refusals: [400, 404],
});

export const blitzExercisesOfLessons = defineCall({
  method: 'GET',
  path: '/api/exercises',
  tags,
  summary: 'The blitz exercises of the given lessons',
  access: 'learner',
  query: z.object({ lessonIds: idListText(200) }),
  status: 200,
  response: exerciseListSchema,
  refusals: [400],
});

export const previewExercise = defineCall({
  method: 'GET',
  path: '/api/exercises/:exerciseId',
  tags,
  summary:
    'One exercise with its lesson and their place in the course: secret access only (single-exercise preview)',
  access: 'anyone',
  params: z.object({ exerciseId: idText }),
  query: secretQuery,
  status: 200,
  response: z.object({
    exercise: exerciseSchema,
    lesson: lessonSchema,
    /** Null while the lesson is not published (it, or a course above it, is disabled). */
    place: lessonPlaceSchema.nullable(),
  }),
  refusals: [400, 403, 404],
});

export const statusTiers = defineCall({
  method: 'GET',
  path: '/api/status',
  tags,
  summary: 'The status tiers of a spoken language, lowest first',
  access: 'anyone',
  query: z.object({ languageId: idText }),
  status: 200,
  response: z.array(statusTierSchema),
  refusals: [400],
});

export const config = defineCall({
  method: 'GET',
  path: '/api/get-config',
  tags,
  summary: 'Public configuration: free lessons per day and the store listings',
  access: 'anyone',
  status: 200,
  response: z
    .object({
      freeLessons: z.number().int(),
      /** Store listings from APP_STORE_URL / PLAY_STORE_URL; null while the app is not listed there. */
      appStoreUrl: z.url().nullable(),
      playStoreUrl: z.url().nullable(),
    })
    .meta({ id: 'Config' }),
  refusals: [],
});
