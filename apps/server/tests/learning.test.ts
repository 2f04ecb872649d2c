import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getUser, me } from '@parlo/contract/accounts';
import type { CallBody } from '@parlo/contract/call';
import { overview as overviewCall } from '@parlo/contract/dashboard';
import {
  putStatistics,
  replaceLearningProgress,
  resetProgress,
  selectCourse,
} from '@parlo/contract/learning';
import { notifications } from '@parlo/contract/notifications';
import type { SeededCourse } from './factories/course.factory.ts';
import { learningDriver, rightAttempts, wrongAttempt } from './factories/learning-driver.ts';
import { createCourseApp, errorCode, registerLearner, type TestApp } from './helper.ts';
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

const topic = (name: 'greetings' | 'family' | 'blitz' | 'food' | 'travel') =>
  course.topics[['greetings', 'family', 'blitz', 'food', 'travel'].indexOf(name)]!;
const lesson = (topicName: Parameters<typeof topic>[0], index: number) => topic(topicName).lessons[index]!;
const blitzExercises = () =>
  [topic('greetings'), topic('family')].flatMap((t) =>
    t.lessons.flatMap((l) => l.exercises.filter((e) => e.blitz)),
  );

async function newLearner(level: 'basics' | 'beginning', secret = true) {
  const learner = await registerLearner(t.app);
  const drive = learningDriver(t.app, course, learner, secret ? { secret: SECRET } : {});
  expect((await drive.selectCourse()).statusCode).toBe(200);
  expect((await drive.chooseLevel(level)).statusCode).toBe(200);
  return { learner, drive };
}

describe('a whole course, first lesson to course finished', () => {
  it('awards +1 per right answer, +10 per topic, +25 for the blitz, +500 for the course, and routes each step', async () => {
    const { drive, learner } = await newLearner('beginning');
    const results = [];
    const play = async (lessonRef: { id: number; exercises: Parameters<typeof rightAttempts>[0] }) => {
      const response = await drive.complete(lessonRef.id, rightAttempts(lessonRef.exercises));
      expect(response.statusCode, response.body).toBe(200);
      results.push(response.json());
      return response.json();
    };

    const hello = await play(lesson('greetings', 1));
    expect(hello).toMatchObject({ committed: true, pointsTotal: 4, route: { path: '/endlesson' } });
    expect(hello.route.endLesson).toMatchObject({
      lessonId: lesson('greetings', 1).id,
      next: { lessonId: lesson('greetings', 2).id },
    });

    // 18 points cross the second tier (10): a status promotion goes to /successful with the new status.
    const goodMorning = await play(lesson('greetings', 2));
    expect(goodMorning).toMatchObject({
      pointsTotal: 14,
      events: ['topic-finished'],
      newStatus: { name: 'Tier 2' },
    });
    expect(goodMorning.route).toMatchObject({
      path: '/successful',
      isBlitz: false,
      status: { name: 'Tier 2' },
    });
    // The new status is news under the bell (issue 13).
    const bell = await injectCall(t.app, notifications, { headers: learner.headers });
    expect(bell.data).toMatchObject({
      total: 1,
      notifications: [{ content: 'New status: Tier 2! Well done.' }],
    });

    await play(lesson('family', 0));
    const brothers = await play(lesson('family', 1));
    expect(brothers.events).toEqual(['topic-finished']);

    // Food stays locked until the blitz over the two topics before it is passed.
    expect(
      errorCode(await drive.complete(lesson('food', 0).id, rightAttempts(lesson('food', 0).exercises))),
    ).toBe('COMPLETION_LESSON_LOCKED');
    const blitz = await drive.completeBlitz(topic('blitz').id, rightAttempts(blitzExercises()));
    expect(blitz.json()).toMatchObject({
      pointsTotal: 25,
      events: ['blitz-passed'],
      route: { path: '/successful', isBlitz: true },
    });

    await play(lesson('food', 0));
    await play(lesson('food', 1));
    const last = await play(lesson('travel', 0));
    expect(last.events).toEqual(['topic-finished', 'course-finished']);
    expect(last.points).toMatchObject({ correctAnswers: 2, topicFinished: 10, courseFinished: 500 });
    // 512 points also cross a tier: a new status takes precedence, and the end-lesson state says nothing is next.
    expect(last.route).toMatchObject({
      path: '/successful',
      status: { name: 'Tier 8' },
      endLesson: { next: null },
    });

    const overview = await drive.overview();
    expect(overview.statistics.points).toBe(4 + 14 + 5 + 12 + 25 + 3 + 12 + 512);
    expect(overview.program).toMatchObject({ finished: true, currentLessonId: null });
    expect(
      overview.program.topics.every((topicView: { state: string }) => topicView.state === 'complete'),
    ).toBe(true);
    expect(overview.statistics.rightAnswers).toBeGreaterThan(0);
    expect(overview.statistics.days).toBe(1);
    expect(overview.statistics.daysContinuous).toBe(1);
  });
});

describe("'I know the basics'", () => {
  it('marks the basic topics done, passes their blitz and starts at the next normal topic', async () => {
    const { drive } = await newLearner('basics');
    const overview = await drive.overview();
    expect(overview.program.currentLessonId).toBe(lesson('food', 0).id);
    expect(
      overview.program.topics.map((view: { state: string; blitz: string | null }) => [
        view.state,
        view.blitz,
      ]),
    ).toEqual([
      ['complete', null],
      ['complete', null],
      ['complete', 'passed'],
      ['current', null],
      ['locked', null],
    ]);
    // A basic lesson can be repeated for practice, but it earns nothing.
    const repeat = await drive.complete(
      lesson('greetings', 1).id,
      rightAttempts(lesson('greetings', 1).exercises),
    );
    expect(repeat.json()).toMatchObject({ committed: false, pointsTotal: 0, route: { path: '/dashboard' } });
  });

  it('cannot be chosen again once the course has started', async () => {
    const { drive } = await newLearner('beginning');
    await drive.complete(lesson('greetings', 1).id, rightAttempts(lesson('greetings', 1).exercises));
    const again = await drive.chooseLevel('basics');
    expect(again.statusCode).toBe(409);
    expect(errorCode(again)).toBe('LEVEL_ALREADY_CHOSEN');
  });
});

describe('blitz', () => {
  it('fails on the third mistake, committing nothing, and passes on a retry with two mistakes', async () => {
    const { drive } = await newLearner('beginning');
    for (const [topicName, index] of [
      ['greetings', 1],
      ['greetings', 2],
      ['family', 0],
      ['family', 1],
    ] as const) {
      expect(
        (await drive.complete(lesson(topicName, index).id, rightAttempts(lesson(topicName, index).exercises)))
          .statusCode,
      ).toBe(200);
    }
    const before = (await drive.overview()).statistics.points;
    const exercises = blitzExercises();
    const lost = await drive.completeBlitz(topic('blitz').id, [
      wrongAttempt(exercises[0]!),
      wrongAttempt(exercises[0]!),
      wrongAttempt(exercises[1]!),
    ]);
    expect(lost.json()).toMatchObject({
      committed: false,
      errorCount: 3,
      pointsTotal: 0,
      route: { path: '/unsuccessful' },
    });
    expect((await drive.overview()).statistics.points).toBe(before);

    const passed = await drive.completeBlitz(
      topic('blitz').id,
      rightAttempts(exercises, [exercises[0]!.id, exercises[3]!.id]),
    );
    expect(passed.json()).toMatchObject({
      committed: true,
      errorCount: 2,
      pointsTotal: 25,
      route: { path: '/successful', isBlitz: true },
    });
    const after = await drive.overview();
    expect(after.statistics.points).toBe(before + 25);
    expect(after.program.topics[2].blitz).toBe('passed');
    expect(after.program.topics[3].state).toBe('current');
  });
});

describe('free lessons', () => {
  it('allows 2 learned lessons a day, then answers the limit, and resets on the next UTC day', async () => {
    const { drive } = await newLearner('beginning', false);
    expect((await drive.overview()).freeLessonsLeft).toBe(2);
    await drive.complete(lesson('greetings', 1).id, rightAttempts(lesson('greetings', 1).exercises));
    expect((await drive.overview()).freeLessonsLeft).toBe(1);
    await drive.complete(lesson('greetings', 2).id, rightAttempts(lesson('greetings', 2).exercises));
    expect((await drive.overview()).freeLessonsLeft).toBe(0);

    const next = lesson('family', 0);
    expect((await drive.start(next.id)).json()).toEqual({ access: 'limit', freeLessonsLeft: 0 });
    const refused = await drive.complete(next.id, rightAttempts(next.exercises));
    expect(refused.json()).toMatchObject({ committed: false, pointsTotal: 0, route: { path: '/limit' } });
    // Repeating a learned lesson is free.
    expect((await drive.start(lesson('greetings', 1).id)).json().access).toBe('allowed');

    const untilTomorrow = 86_400_000 - (t.clock.now.getTime() % 86_400_000) + 1000;
    t.clock.advance(untilTomorrow);
    try {
      expect((await drive.start(next.id)).json()).toEqual({ access: 'allowed', freeLessonsLeft: 2 });
      expect((await drive.complete(next.id, rightAttempts(next.exercises))).json()).toMatchObject({
        committed: true,
        freeLessonsLeft: 1,
      });
    } finally {
      t.clock.advance(-untilTomorrow);
    }
  });

  it('lets secret access skip the limit', async () => {
    const { learner } = await newLearner('beginning', false);
    const unlimited = learningDriver(t.app, course, learner, { secret: SECRET });
    for (const [topicName, index] of [
      ['greetings', 1],
      ['greetings', 2],
      ['family', 0],
    ] as const) {
      const result = await unlimited.complete(
        lesson(topicName, index).id,
        rightAttempts(lesson(topicName, index).exercises),
      );
      expect(result.json().committed).toBe(true);
    }
  });
});

describe('the server is the authority', () => {
  it('gives nothing for claimed points, answers it did not give, foreign exercises or locked lessons', async () => {
    const { learner, drive } = await newLearner('beginning');
    const hello = lesson('greetings', 1);

    // Claimed points and 'correct' flags are ignored; wrong answers stay wrong.
    const claimed = await drive.complete(
      hello.id,
      [
        ...hello.exercises
          .filter((e) => e.type !== 1)
          .map((e) => ({ ...wrongAttempt(e), correct: true, points: 100 })),
        ...rightAttempts(hello.exercises),
      ],
      undefined,
      { points: 9999, pointsTotal: 9999, rightAnswers: 50 },
    );
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json()).toMatchObject({ pointsTotal: 4, errorCount: 4, rightAnswers: 4 });

    // Not answering everything, or answering with another lesson's exercises, completes nothing.
    const goodMorning = lesson('greetings', 2);
    expect(
      errorCode(await drive.complete(goodMorning.id, rightAttempts(goodMorning.exercises.slice(0, 2)))),
    ).toBe('COMPLETION_LESSON_NOT_FINISHED');
    expect(
      errorCode(await drive.complete(goodMorning.id, rightAttempts(lesson('family', 0).exercises))),
    ).toBe('COMPLETION_UNKNOWN_EXERCISE');
    expect(
      errorCode(
        await drive.complete(goodMorning.id, [
          { exerciseId: goodMorning.exercises[2]!.id, answer: { choice: 'x' } },
        ]),
      ),
    ).toBe('COMPLETION_INVALID_ANSWER');
    // Leaving out a non-speaking exercise is refused; jumping ahead is refused.
    expect(
      errorCode(
        await drive.complete(goodMorning.id, [], undefined, {
          omittedExerciseIds: goodMorning.exercises.map((e) => e.id),
        }),
      ),
    ).toBe('COMPLETION_INVALID_OMISSION');
    expect(
      errorCode(await drive.complete(lesson('family', 1).id, rightAttempts(lesson('family', 1).exercises))),
    ).toBe('COMPLETION_LESSON_LOCKED');
    // A blitz over topics not learned yet is refused outright (issue 29 item 10); one played with other
    // exercises than its own is refused in learning-truthful.test.ts, once reached.
    expect(errorCode(await drive.completeBlitz(topic('blitz').id, rightAttempts(hello.exercises)))).toBe(
      'COMPLETION_BLITZ_NOT_REACHED',
    );

    const overview = await drive.overview();
    expect(overview.statistics.points).toBe(4);

    // The compatibility PUT keeps the server's numbers.
    const user = (await injectCall(t.app, me, { headers: learner.headers })).data;
    const put = await injectCall(t.app, putStatistics, {
      params: { id: user.statistics.id },
      headers: learner.headers,
      body: {
        userId: learner.userId,
        points: 100000,
        words: 5000,
        days: 300,
        daysContinuous: 300,
        rightAnswers: 1,
        errorCount: 0,
      },
    });
    expect(put.statusCode).toBe(200);
    expect(put.data.points).toBe(4);

    // A replaced progress record cannot move ahead, nor back.
    const replace = (selected: CallBody<typeof replaceLearningProgress>['selected']) =>
      injectCall(t.app, replaceLearningProgress, {
        params: { id: user.learningProgress.id },
        headers: learner.headers,
        body: { selected },
      });
    const current = user.learningProgress.selected[0]!;
    const ahead = await replace([
      { ...current, topicId: topic('travel').id, lessonId: lesson('travel', 0).id },
    ]);
    expect(errorCode(ahead)).toBe('PROGRESS_NOT_EARNED');
    const finished = await replace([{ ...current, finished: true, lessonId: null, topicId: null }]);
    expect(errorCode(finished)).toBe('PROGRESS_NOT_EARNED');
    const back = await replace([{ ...current, topicId: topic('greetings').id, lessonId: hello.id }]);
    expect(errorCode(back)).toBe('PROGRESS_NOT_EARNED');
    expect((await replace([current])).statusCode).toBe(200);
    expect((await drive.overview()).program.currentLessonId).toBe(goodMorning.id);

    // Someone else's progress and statistics are out of reach.
    const other = await registerLearner(t.app);
    const foreign = await injectCall(t.app, replaceLearningProgress, {
      params: { id: user.learningProgress.id },
      headers: other.headers,
      body: { selected: [] },
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('counts one completion once under 50 concurrent replays', async () => {
    const { drive } = await newLearner('beginning');
    const hello = lesson('greetings', 1);
    const key = 'replayed-completion-key';
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => drive.complete(hello.id, rightAttempts(hello.exercises), key)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(200));
    const bodies = new Set(answers.map((answer) => answer.body));
    expect(bodies.size).toBe(1);
    expect(answers[0]!.json()).toMatchObject({ committed: true, pointsTotal: 4 });
    const overview = await drive.overview();
    expect(overview.statistics.points).toBe(4);
    expect(overview.statistics.rightAnswers).toBe(4);
    expect(overview.program.currentLessonId).toBe(lesson('greetings', 2).id);
  });
});

describe('idempotency keys belong to one learner and one lesson or blitz', () => {
  it('refuses a key reused for another lesson (409) and keeps replaying it for its own lesson', async () => {
    const { drive } = await newLearner('beginning');
    const hello = lesson('greetings', 1);
    const next = lesson('greetings', 2);
    const key = 'key-of-lesson-one';
    const first = await drive.complete(hello.id, rightAttempts(hello.exercises), key);
    expect(first.statusCode).toBe(200);

    const reused = await drive.complete(next.id, rightAttempts(next.exercises), key);
    expect(reused.statusCode).toBe(409);
    expect(errorCode(reused)).toBe('IDEMPOTENCY_KEY_REUSED');
    const blitz = await drive.completeBlitz(topic('blitz').id, [], key);
    expect(blitz.statusCode).toBe(409);
    expect(errorCode(blitz)).toBe('IDEMPOTENCY_KEY_REUSED');
    const overview = await drive.overview();
    expect(overview.statistics.points).toBe(first.json().pointsTotal);
    expect(overview.program.currentLessonId).toBe(next.id);

    const replay = await drive.complete(hello.id, rightAttempts(hello.exercises), key);
    expect(replay.statusCode).toBe(200);
    expect(replay.body).toBe(first.body);
  });

  it('lets another learner use the same key for themselves', async () => {
    const hello = lesson('greetings', 1);
    const a = await newLearner('beginning');
    const b = await newLearner('beginning');
    expect((await a.drive.complete(hello.id, rightAttempts(hello.exercises), 'shared-key')).statusCode).toBe(
      200,
    );
    const other = await b.drive.complete(hello.id, rightAttempts(hello.exercises), 'shared-key');
    expect(other.statusCode).toBe(200);
    expect((await b.drive.overview()).statistics.points).toBe(other.json().pointsTotal);
  });
});

describe('course choice', () => {
  it("refuses a 'soon' course and an unknown program", async () => {
    const learner = await registerLearner(t.app);
    const choose = (body: CallBody<typeof selectCourse>) =>
      injectCall(t.app, selectCourse, { headers: learner.headers, body });
    const soon = await choose({ packageId: course.soonPackageId, programId: course.programId });
    expect(soon.statusCode).toBe(404);
    expect((await choose({ packageId: course.packageId, programId: 999999 })).statusCode).toBe(404);
    const overview = await injectCall(t.app, overviewCall, { headers: learner.headers });
    expect(overview.data.program).toBeNull();
  });
});

describe('reset progress (SPEC §4)', () => {
  it('zeroes every counter and course, keeps the free-lesson count, and replays count nothing', async () => {
    const { learner, drive } = await newLearner('beginning', false);
    const first = lesson('greetings', 1);
    const key = 'reset-replay-key';
    expect((await drive.complete(first.id, rightAttempts(first.exercises), key)).json()).toMatchObject({
      committed: true,
    });
    const before = await drive.overview();
    expect(before.statistics.points).toBeGreaterThan(0);
    expect(before.freeLessonsLeft).toBe(1);

    const reset = await injectCall(t.app, resetProgress, { headers: learner.headers });
    expect(reset.statusCode).toBe(204);

    const after = await drive.overview();
    expect(after.program).toBeNull();
    expect(after.statistics).toMatchObject({
      points: 0,
      words: 0,
      days: 0,
      daysContinuous: 0,
      rightAnswers: 0,
      errorCount: 0,
      weekActivity: [false, false, false, false, false, false, false],
    });
    // A reset does not give free lessons back.
    expect(after.freeLessonsLeft).toBe(1);
    const user = (
      await injectCall(t.app, getUser, { params: { id: learner.userId }, headers: learner.headers })
    ).data;
    expect(user.learningProgress.selected).toEqual([]);
    expect(user.statistics.points).toBe(0);

    // The key sent before the reset is retired: its replay adds nothing and reports no wiped points.
    const replay = await drive.complete(first.id, rightAttempts(first.exercises), key);
    expect(replay.statusCode).toBe(409);
    expect(errorCode(replay)).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await drive.overview()).statistics.points).toBe(0);

    // The learner starts again by choosing a course.
    expect((await drive.selectCourse()).statusCode).toBe(200);
    expect((await drive.chooseLevel('beginning')).statusCode).toBe(200);
    expect((await drive.overview()).program).not.toBeNull();
  });

  it('needs a session', async () => {
    expect((await injectCall(t.app, resetProgress)).statusCode).toBe(401);
  });
});
