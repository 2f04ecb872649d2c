import { lessonToPlay, type PlayableLesson } from '@parlo/contract/catalogue';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from './api-client.ts';

export type { PlayableLesson };

/**
 * GET /api/lessons/{id}: a lesson to play — its exercises, its topic with the rules, its course's names —
 * in one request (ADR 027). Shared by the player and the dashboard's rules, which read the same answer.
 * Content only: kept for a while and never refreshed by a learning change, so the result screens after a
 * lesson read it again without asking.
 */
export function lessonQuery(lessonId: number) {
  return queryOptions({
    queryKey: ['lesson', lessonId] as const,
    queryFn: ({ signal }) => callApi(lessonToPlay, { params: { lessonId }, signal }),
    staleTime: 10 * 60_000,
    gcTime: 15 * 60_000,
  });
}

/** The lesson call's answers: content, left alone when a finished lesson makes learning data stale. */
export function isLessonQuery(queryKey: readonly unknown[]): boolean {
  return queryKey[0] === 'lesson';
}
