import zlib from 'node:zlib';
import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { exerciseSamples } from '../../apps/server/tests/factories/exercise-samples.ts';
import { expect } from '../fixtures/test.ts';
import { outlineOf, type OutlineLesson, type OutlineTopic } from '../support/course-outline.ts';

/*
 * Shared by the onboarding and dashboard specs: the seeded German course of 'Test learners'
 * (e2e/support/seed-test-course.ts) as ids, and API shortcuts that put a learner into a known state.
 */

export interface TestCourse {
  packageId: number;
  programId: number;
  topic(name: string): OutlineTopic;
  lesson(topicName: string, lessonName: string): OutlineLesson;
}

export async function testCourse(request: APIRequestContext): Promise<TestCourse> {
  const german = (await outlineOf(request, (language) => language.code === 'test')).packages.find(
    (coursePackage) => coursePackage.name === 'German',
  );
  const program = german?.programs[0];
  if (!german || !program) throw new Error('the seeded test course is missing');
  const topic = (name: string) => {
    const found = program.topics.find((item) => item.name === name);
    if (!found) throw new Error(`no topic ${name}`);
    return found;
  };
  return {
    packageId: german.id,
    programId: program.id,
    topic,
    lesson(topicName, lessonName) {
      const found = topic(topicName).lessons.find((item) => item.name === lessonName);
      if (!found) throw new Error(`no lesson ${lessonName}`);
      return found;
    },
  };
}

/** Chooses the test course and a level through the API, as onboarding would. */
export async function startTestCourse(request: APIRequestContext, level: 'basics' | 'beginning') {
  const course = await testCourse(request);
  const chosen = await request.post('/api/learning/course', {
    data: { packageId: course.packageId, programId: course.programId },
  });
  expect(chosen.status(), await chosen.text()).toBe(200);
  const levelled = await request.post('/api/learning/level', {
    data: { programId: course.programId, level },
  });
  expect(levelled.status(), await levelled.text()).toBe(200);
  return course;
}

export interface CompletionStatistics {
  points: number;
  words: number;
  days: number;
  daysContinuous: number;
  rightAnswers: number;
  errorCount: number;
  weekActivity: boolean[];
}

/** Plays a lesson through the API with the right answer to every exercise (the player's request). */
export async function completeLesson(request: APIRequestContext, lessonId: number) {
  const exercises = (await (await request.get(`/api/lessons/${lessonId}/exercises`)).json()) as Array<{
    id: number;
    type: keyof typeof exerciseSamples;
  }>;
  const response = await request.post(`/api/lessons/${lessonId}/complete`, {
    data: {
      idempotencyKey: randomUUID(),
      attempts: exercises.map((exercise) => ({
        exerciseId: exercise.id,
        answer: exerciseSamples[exercise.type].right,
      })),
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { committed: boolean; statistics: CompletionStatistics };
}

/** A valid PNG of one colour (RGB, 8-bit), to upload as a photo. */
export function solidPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([79, 70, 229]))]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
