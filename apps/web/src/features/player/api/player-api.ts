import { previewExercise } from '@parlo/contract/catalogue';
import type { CallBody } from '@parlo/contract/call';
import { sendFeedback as sendFeedbackCall } from '@parlo/contract/feedback';
import {
  blitzExercises,
  completeBlitz,
  completeLesson,
  startLesson as startLessonCall,
  type CompletionOutcome,
} from '@parlo/contract/learning';
import type { Exercise } from '@parlo/core/exercises/registry';
import { callApi } from '../../../lib/api-client.ts';
import type { PlayerState } from '../../../lib/player-route.ts';
import type { Attempt } from '../run-state.ts';

export type { CompletionOutcome };

/** Secret access (SPEC §4) travels as the `secret` query parameter; the server keeps it out of its logs. */
function secretQuery(secret: string | null) {
  return secret ? { secret } : {};
}

/** POST /api/lessons/{id}/start: may the lesson be played now (free-lesson limit, locked lessons)? */
export function startLesson(lessonId: number, secret: string | null, signal?: AbortSignal) {
  return callApi(startLessonCall, { params: { lessonId }, query: secretQuery(secret), signal });
}

export { isLessonQuery, lessonQuery, type PlayableLesson } from '../../../lib/lesson.ts';

/** The blitz's exercises, in order (GET /api/blitz/{topicId}/exercises). */
export function fetchBlitzExercises(topicId: number, signal?: AbortSignal): Promise<Exercise[]> {
  return callApi(blitzExercises, { params: { topicId }, signal });
}

/** POST …/complete: the server replays the answers, awards points and says where to go (idempotent). */
export function completeRun(
  state: PlayerState,
  run: { idempotencyKey: string; attempts: readonly Attempt[]; omittedExerciseIds: readonly number[] },
  secret: string | null,
): Promise<CompletionOutcome> {
  const body = completionRequest(run);
  return state.kind === 'lesson'
    ? callApi(completeLesson, { params: { lessonId: state.lessonId }, query: secretQuery(secret), body })
    : callApi(completeBlitz, { params: { topicId: state.blitzTopicId }, query: secretQuery(secret), body });
}

/** The body of a completion, online or queued offline (issue 17). */
export function completionRequest(run: {
  idempotencyKey: string;
  attempts: readonly Attempt[];
  omittedExerciseIds: readonly number[];
}) {
  return {
    idempotencyKey: run.idempotencyKey,
    attempts: run.attempts.map(({ exerciseId, answer, responseMs }) => ({ exerciseId, answer, responseMs })),
    omittedExerciseIds: [...run.omittedExerciseIds],
  };
}

/** GET /api/exercises/{id}: one exercise with its lesson, secret access only. */
export function fetchPreviewExercise(exerciseId: number, secret: string, signal?: AbortSignal) {
  return callApi(previewExercise, { params: { exerciseId }, query: { secret }, signal });
}

/** SPEC §7 POST feedback {text}. */
export function sendFeedback(body: CallBody<typeof sendFeedbackCall>): Promise<unknown> {
  return callApi(sendFeedbackCall, { body });
}

/** A fresh key per run; reused for every retry of that run so the server counts it once. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Plain-HTTP pages on other hosts have no randomUUID; random bytes serve the same purpose.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}
