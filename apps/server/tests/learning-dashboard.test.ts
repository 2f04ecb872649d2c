import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboard } from '@parlo/contract/learning';
import { testCoursePlan, type SeededCourse } from './factories/course.factory.ts';
import { learningDriver, rightAttempts } from './factories/learning-driver.ts';
import { createCourseApp, registerLearner, type SignedIn, type TestApp } from './helper.ts';
import { injectCall } from './support/inject-call.ts';

const SECRET = 'unlimited-access-for-tests';
let t: TestApp;
let course: SeededCourse;

beforeAll(async () => {
  ({ t, course } = await createCourseApp({ env: { SECRET_ACCESS_KEY: SECRET } }));
});
afterAll(async () => {
  await t.close();
});

const dashboardOf = (learner: SignedIn) => injectCall(t.app, dashboard, { headers: learner.headers });

describe('GET /api/learning/dashboard: the first screen in one answer', () => {
  it('carries the overview as it is and the selected program in catalogue order', async () => {
    const learner = await registerLearner(t.app);
    const drive = learningDriver(t.app, course, learner, { secret: SECRET });
    expect((await drive.selectCourse()).statusCode).toBe(200);
    expect((await drive.chooseLevel('beginning')).statusCode).toBe(200);
    const hello = course.topics[0]!.lessons[1]!;
    expect((await drive.complete(hello.id, rightAttempts(hello.exercises))).statusCode).toBe(200);

    const response = await dashboardOf(learner);
    expect(response.statusCode, response.body).toBe(200);
    const { course: dashboardCourse, ...rest } = response.json();
    // Same states, statistics, status and free lessons as the overview of the same moment.
    expect(rest).toEqual(await drive.overview());
    expect(
      rest.program.topics.find((topic: { id: number }) => topic.id === course.topics[0]!.id),
    ).toMatchObject({
      state: 'current',
      lessons: expect.arrayContaining([{ id: hello.id, state: 'complete' }]),
    });

    expect(dashboardCourse).toMatchObject({
      packageId: course.packageId,
      programId: course.programId,
      courseName: 'German',
      color: '#f59e0b',
      programName: 'German for beginners',
      languageCode: 'de',
      programs: [{ id: course.programId, name: 'German for beginners' }],
    });
    expect(dashboardCourse.topics.map((topic: { name: string }) => topic.name)).toEqual(
      testCoursePlan.map((topic) => topic.name),
    );
    const greetings = dashboardCourse.topics[0];
    expect(greetings).toMatchObject({ id: course.topics[0]!.id, type: 0, basic: true, hasRules: true });
    expect(greetings.lessons.map((lesson: { id: number }) => lesson.id)).toEqual(
      course.topics[0]!.lessons.map((lesson) => lesson.id),
    );
    expect(greetings.lessons[0]).toMatchObject({ name: 'Greetings: rules', type: 1 });
    // Names and order only: rules texts are read when a learner opens them.
    expect(JSON.stringify(dashboardCourse)).not.toContain('<p>');
    // The disabled lesson the catalogue hides is not listed either.
    const listed = dashboardCourse.topics.flatMap((topic: { lessons: { id: number }[] }) =>
      topic.lessons.map((lesson) => lesson.id),
    );
    expect(listed).not.toContain(course.disabledLessonId);
  });

  it('answers a learner without a course like the overview: no program, no course', async () => {
    const learner = await registerLearner(t.app);
    const response = await dashboardOf(learner);
    expect(response.statusCode).toBe(200);
    const { course: dashboardCourse, ...rest } = response.json();
    expect(dashboardCourse).toBeNull();
    expect(rest.program).toBeNull();
    expect(rest).toEqual(await learningDriver(t.app, course, learner).overview());
  });

  it('is refused without a session', async () => {
    const response = await injectCall(t.app, dashboard);
    expect(response.statusCode).toBe(401);
  });
});
