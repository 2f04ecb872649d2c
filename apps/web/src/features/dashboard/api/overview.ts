import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { learningQueryKey } from '../../../lib/learning.ts';

const lessonStateSchema = z.object({
  id: z.number(),
  state: z.enum(['complete', 'available', 'locked']),
});

const overviewTopicSchema = z.object({
  id: z.number(),
  state: z.enum(['complete', 'current', 'locked']),
  blitz: z.enum(['passed', 'enabled', 'locked']).nullable(),
  lessons: z.array(lessonStateSchema),
});

const overviewSchema = z.object({
  program: z
    .object({
      programId: z.number(),
      packageId: z.number(),
      currentTopicId: z.number().nullable(),
      currentLessonId: z.number().nullable(),
      finished: z.boolean(),
      topics: z.array(overviewTopicSchema),
    })
    .nullable(),
  statistics: z.object({
    points: z.number(),
    words: z.number(),
    days: z.number(),
    daysContinuous: z.number(),
    rightAnswers: z.number(),
    errorCount: z.number(),
    weekActivity: z.array(z.boolean()),
  }),
  status: z.object({
    name: z.string().nullable(),
    index: z.number(),
    points: z.number(),
    nextPoints: z.number().nullable(),
    toNextStatus: z.number().nullable(),
    roadProgress: z.number(),
    tiers: z.array(z.object({ name: z.string(), points: z.number() })),
  }),
  premium: z.boolean(),
  freeLessonsLeft: z.number().nullable(),
});

export type Overview = z.infer<typeof overviewSchema>;
export type OverviewProgram = NonNullable<Overview['program']>;
export type OverviewTopic = OverviewProgram['topics'][number];

export const overviewQueryKey = [...learningQueryKey, 'overview'] as const;

/** GET /api/learning/overview: everything the dashboard shows about the learner's progress. */
export function useOverview() {
  return useQuery({
    queryKey: overviewQueryKey,
    queryFn: ({ signal }) => apiRequest('/api/learning/overview', { schema: overviewSchema, signal }),
    // Coming back from a lesson must show the new states and points at once.
    refetchOnMount: 'always',
  });
}
