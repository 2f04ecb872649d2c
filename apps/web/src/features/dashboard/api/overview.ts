import type { Overview } from '@parlo/contract/dashboard';

// The learner's states, statistics and status: the part of the dashboard's answer the overview also gives.
export type { Overview };
export type OverviewProgram = NonNullable<Overview['program']>;
export type OverviewTopic = OverviewProgram['topics'][number];
