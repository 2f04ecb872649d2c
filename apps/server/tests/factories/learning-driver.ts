import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { SeededCourse, SeededExercise } from './course.factory.ts';
import { exerciseSamples } from './exercise-samples.ts';
import type { SignedIn } from '../helper.ts';

/** Drives the learning API the way the player does: right answers, optionally after wrong tries. */
export function learningDriver(
  app: FastifyInstance,
  course: SeededCourse,
  learner: SignedIn,
  options: { secret?: string } = {},
) {
  const query = options.secret ? `?secret=${options.secret}` : '';
  const post = (url: string, payload: object) =>
    app.inject({ method: 'POST', url, headers: learner.headers, payload });

  return {
    selectCourse: () =>
      post('/api/learning/course', { packageId: course.packageId, programId: course.programId }),
    chooseLevel: (level: 'basics' | 'beginning') =>
      post('/api/learning/level', { programId: course.programId, level }),
    overview: async () =>
      (await app.inject({ method: 'GET', url: '/api/learning/overview', headers: learner.headers })).json(),
    start: (lessonId: number) => post(`/api/lessons/${lessonId}/start${query}`, {}),
    complete: (
      lessonId: number,
      attempts: object[],
      idempotencyKey: string = randomUUID(),
      extra: object = {},
    ) => post(`/api/lessons/${lessonId}/complete${query}`, { idempotencyKey, attempts, ...extra }),
    completeBlitz: (topicId: number, attempts: object[], idempotencyKey: string = randomUUID()) =>
      post(`/api/blitz/${topicId}/complete${query}`, { idempotencyKey, attempts }),
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
