import { dashboardSchema, type Dashboard, type DashboardCourse } from '@parlo/contract/dashboard';
import { emptyStatistics } from '@parlo/core/stats/statistics';
import type { OverviewProgram } from '../api/overview.ts';

/*
 * The dashboard feature's tests build the answer of GET /api/learning/dashboard here, in one shape: a
 * German course (package 7, program 1) whose topics and lessons each test names.
 */

type CourseTopic = DashboardCourse['topics'][number];
type CourseLesson = CourseTopic['lessons'][number];
type ProgressTopic = OverviewProgram['topics'][number];
type LessonState = ProgressTopic['lessons'][number]['state'];

/** A regular lesson without rules, unless `extra` says otherwise. */
export function courseLesson(id: number, name: string, extra: Partial<CourseLesson> = {}): CourseLesson {
  return { id, name, description: null, type: 0, hasRules: false, ...extra };
}

/** A regular topic without rules or icon, unless `extra` says otherwise. */
export function courseTopic(
  id: number,
  name: string,
  lessons: CourseLesson[],
  extra: Partial<CourseTopic> = {},
): CourseTopic {
  return { id, name, icon: null, type: 0, basic: false, hasRules: false, lessons, ...extra };
}

/** The selected course as the dashboard names it: 'German for beginners', unless `extra` says otherwise. */
export function selectedCourse(topics: CourseTopic[], extra: Partial<DashboardCourse> = {}): DashboardCourse {
  return {
    packageId: 7,
    programId: 1,
    courseName: 'German',
    color: null,
    programName: 'German for beginners',
    languageCode: 'de',
    programs: [{ id: 1, name: 'German for beginners' }],
    topics,
    ...extra,
  };
}

/** A topic's progress: its state and each lesson's, as `[lesson id, state]` pairs. */
export function topicProgress(
  id: number,
  state: ProgressTopic['state'],
  lessons: [number, LessonState][],
): ProgressTopic {
  return {
    id,
    state,
    blitz: null,
    lessons: lessons.map(([lessonId, lessonState]) => ({ id: lessonId, state: lessonState })),
  };
}

/** The learner's progress in that course's program, at the given topic and lesson. */
export function programProgress(
  current: { topicId: number; lessonId: number },
  topics: ProgressTopic[],
): OverviewProgram {
  return {
    programId: 1,
    packageId: 7,
    currentTopicId: current.topicId,
    currentLessonId: current.lessonId,
    finished: false,
    topics,
  };
}

/** A whole answer, parsed by the contract's schema: a new learner (no points, no status) otherwise. */
export function dashboardAnswer(parts: {
  program?: OverviewProgram | null;
  course?: DashboardCourse | null;
}): Dashboard {
  return dashboardSchema.parse({
    program: parts.program ?? null,
    statistics: emptyStatistics(),
    status: {
      name: null,
      index: 0,
      points: 0,
      nextPoints: null,
      toNextStatus: null,
      roadProgress: 0,
      tiers: [],
    },
    premium: false,
    freeLessonsLeft: null,
    course: parts.course ?? null,
  });
}
