import { randomUUID } from 'node:crypto';
import {
  chooseLevel,
  completeBlitz,
  completeLesson,
  overview,
  selectCourse,
  startLesson,
} from '@parlo/contract/learning';
import type { FastifyInstance } from 'fastify';
import type { SeededCourse, SeededExercise } from './course.factory.ts';
import { exerciseSamples } from './exercise-samples.ts';
import type { SignedIn } from '../helper.ts';
import { injectCall } from '../support/inject-call.ts';

/** Drives the learning API the way the player does: right answers, optionally after wrong tries. */
export function learningDriver(
  app: FastifyInstance,
  course: SeededCourse,
  learner: SignedIn,
  options: { secret?: string } = {},
) {
  const query = options.secret ? { secret: options.secret } : undefined;

  return {
    selectCourse: () =>
      injectCall(app, selectCourse, {
        headers: learner.headers,
        body: { packageId: course.packageId, programId: course.programId },
      }),
    chooseLevel: (level: 'basics' | 'beginning') =>
      injectCall(app, chooseLevel, {
        headers: learner.headers,
        body: { programId: course.programId, level },
      }),
    overview: async () => (await injectCall(app, overview, { headers: learner.headers })).json(),
    start: (lessonId: number) =>
      injectCall(app, startLesson, { params: { lessonId }, query, headers: learner.headers }),
    // `rawBody` below: the tests send wrong answers and odd extras on purpose.
    complete: (
      lessonId: number,
      attempts: object[],
      idempotencyKey: string = randomUUID(),
      extra: object = {},
    ) =>
      injectCall(app, completeLesson, {
        params: { lessonId },
        query,
        headers: learner.headers,
        rawBody: { idempotencyKey, attempts, ...extra },
      }),
    completeBlitz: (topicId: number, attempts: object[], idempotencyKey: string = randomUUID()) =>
      injectCall(app, completeBlitz, {
        params: { topicId },
        query,
        headers: learner.headers,
        rawBody: { idempotencyKey, attempts },
      }),
  };
}

/** Right answers for every exercise, with `wrongFirst` exercises answered wrongly once before. */
export function rightAttempts(exercises: SeededExercise[], wrongFirst: number[] = []) {
  return exercises.flatMap((exercise) => {
    const sample = exerciseSamples[exercise.type];
    const attempts = [];
    if (wrongFirst.includes(exercise.id) && sample.wrong)
      attempts.push({ exerciseId: exercise.id, answer: sample.wrong });
    attempts.push({ exerciseId: exercise.id, answer: sample.right });
    return attempts;
  });
}

export function wrongAttempt(exercise: SeededExercise) {
  const wrong = exerciseSamples[exercise.type].wrong;
  if (!wrong) throw new Error(`type ${exercise.type} has no wrong answer`);
  return { exerciseId: exercise.id, answer: wrong };
}
