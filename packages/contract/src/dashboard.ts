import { tierSchema } from '@parlo/core/scoring/lesson-route';
import { statisticsSchema as learnerStatisticsSchema } from '@parlo/core/stats/statistics';
import { z } from 'zod';
import { defineCall } from './call.ts';
import { dashboardRoute } from './routes.ts';

/*
 * The learning calls the dashboard reads (overview, dashboard), apart from learning.ts: that module also
 * holds the lesson and blitz calls, whose exercise schemas (catalogue.ts, every exercise type's fields)
 * a signed-in learner's first screen never uses. Here the dashboard's code builds only the schemas it
 * parses before its greeting paints (issue 15, ADR 044). learning.ts re-exports both calls.
 */

const tags = ['learning'];
const overviewShape = z.object({
  program: z
    .object({
      programId: z.number().int(),
      packageId: z.number().int(),
      currentTopicId: z.number().int().nullable(),
      currentLessonId: z.number().int().nullable(),
      finished: z.boolean(),
      topics: z.array(
        z.object({
          id: z.number().int(),
          state: z.enum(['complete', 'current', 'locked']),
          blitz: z.enum(['passed', 'enabled', 'locked']).nullable(),
          lessons: z.array(
            z.object({ id: z.number().int(), state: z.enum(['complete', 'available', 'locked']) }),
          ),
        }),
      ),
    })
    .nullable(),
  statistics: learnerStatisticsSchema,
  status: z.object({
    name: z.string().nullable(),
    index: z.number().int(),
    points: z.number().int(),
    nextPoints: z.number().int().nullable(),
    toNextStatus: z.number().int().nullable(),
    roadProgress: z.number(),
    tiers: z.array(tierSchema),
  }),
  premium: z.boolean(),
  freeLessonsLeft: z.number().int().nullable(),
});

export const overviewSchema = overviewShape.meta({ id: 'LearningOverview' });
export type Overview = z.output<typeof overviewSchema>;

/**
 * The selected program as the dashboard's first screen shows it: names and order of its topics and
 * lessons and whether they have rules to read (the rules themselves are read when opened).
 */
const dashboardCourseSchema = z.object({
  packageId: z.number().int(),
  programId: z.number().int(),
  courseName: z.string(),
  color: z.string().nullable(),
  programName: z.string(),
  /** The language the course teaches (recordings are stored per language). */
  languageCode: z.string(),
  /** The course's programs, for the program picker. */
  programs: z.array(z.object({ id: z.number().int(), name: z.string() })),
  topics: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      icon: z.string().nullable(),
      type: z.union([z.literal(0), z.literal(2)]),
      basic: z.boolean(),
      hasRules: z.boolean(),
      lessons: z.array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          description: z.string().nullable(),
          type: z.union([z.literal(0), z.literal(1), z.literal(2)]),
          hasRules: z.boolean(),
        }),
      ),
    }),
  ),
});

export const dashboardSchema = overviewShape
  .extend({ course: dashboardCourseSchema.nullable() })
  .meta({ id: 'LearningDashboard' });
export type Dashboard = z.output<typeof dashboardSchema>;
export type DashboardCourse = z.output<typeof dashboardCourseSchema>;

export const overview = defineCall({
  method: 'GET',
  path: '/api/learning/overview',
  tags,
  summary: 'Dashboard state: topic and lesson states, blitzes, statistics, status, free lessons left',
  access: 'learner',
  status: 200,
  response: overviewSchema,
  refusals: [],
});

export const dashboard = defineCall({
  ...dashboardRoute,
  tags,
  summary:
    "The dashboard's first screen in one answer: the overview plus the selected program's topics and lessons",
  access: 'learner',
  status: 200,
  response: dashboardSchema,
  refusals: [],
});
