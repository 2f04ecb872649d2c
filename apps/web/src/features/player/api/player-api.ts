import { exerciseSchema, type Exercise } from '@parlo/core/exercises/registry';
import { timedAttemptSchema } from '@parlo/core/review/review-contract';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import type { PlayerState } from '../../../lib/player-route.ts';
import type { Attempt } from '../run-state.ts';
import { lessonRouteSchema } from '../result-state.ts';

/** Secret access (SPEC §4) travels as the `secret` query parameter; the server keeps it out of its logs. */
function withSecret(path: string, secret: string | null): string {
  return secret ? `${path}?secret=${encodeURIComponent(secret)}` : path;
}

const startLessonSchema = z.object({
  access: z.enum(['allowed', 'limit']),
  freeLessonsLeft: z.number().int().nullable(),
});

/** POST /api/lessons/{id}/start: may the lesson be played now (free-lesson limit, locked lessons)? */
export function startLesson(lessonId: number, secret: string | null, signal?: AbortSignal) {
  return apiRequest(withSecret(`/api/lessons/${lessonId}/start`, secret), {
    method: 'POST',
    schema: startLessonSchema,
    signal,
  });
}

const exerciseListSchema = z.array(exerciseSchema);

/** The exercises of the lesson or blitz to play, in order. */
export function fetchRunExercises(state: PlayerState, signal?: AbortSignal): Promise<Exercise[]> {
  const path =
    state.kind === 'lesson'
      ? `/api/lessons/${state.lessonId}/exercises`
      : `/api/blitz/${state.blitzTopicId}/exercises`;
  return apiRequest(path, { schema: exerciseListSchema, signal });
}

const completionOutcomeSchema = z
  .object({
    committed: z.boolean(),
    pointsTotal: z.number().int(),
    rightAnswers: z.number().int(),
    errorCount: z.number().int(),
    route: lessonRouteSchema,
  })
  .loose();
export type CompletionOutcome = z.infer<typeof completionOutcomeSchema>;

export const completionRequestSchema = z.object({
  idempotencyKey: z.string().min(8).max(100),
  attempts: z.array(timedAttemptSchema),
  omittedExerciseIds: z.array(z.number().int()),
});

/** POST …/complete: the server replays the answers, awards points and says where to go (idempotent). */
export function completeRun(
  state: PlayerState,
  run: { idempotencyKey: string; attempts: readonly Attempt[]; omittedExerciseIds: readonly number[] },
  secret: string | null,
): Promise<CompletionOutcome> {
  const path =
    state.kind === 'lesson'
      ? `/api/lessons/${state.lessonId}/complete`
      : `/api/blitz/${state.blitzTopicId}/complete`;
  return apiRequest(withSecret(path, secret), {
    method: 'POST',
    body: completionRequestSchema.parse(run),
    schema: completionOutcomeSchema,
  });
}

const previewSchema = z.object({
  exercise: exerciseSchema,
  lesson: z.object({ id: z.number(), name: z.string(), topicId: z.number() }).loose(),
});

/** GET /api/exercises/{id}: one exercise with its lesson, secret access only. */
export function fetchPreviewExercise(exerciseId: number, secret: string, signal?: AbortSignal) {
  return apiRequest(withSecret(`/api/exercises/${exerciseId}`, secret), { schema: previewSchema, signal });
}

export const feedbackRequestSchema = z.object({ text: z.string().trim().min(1).max(4000) });

/** SPEC §7 POST feedback {text}. */
export function sendFeedback(text: string): Promise<unknown> {
  return apiRequest('/api/feedback', { method: 'POST', body: feedbackRequestSchema.parse({ text }) });
}

/** A fresh key per run; reused for every retry of that run so the server counts it once. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Plain-HTTP pages on other hosts have no randomUUID; random bytes serve the same purpose.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}
