import {
  practiceOutcomeSchema,
  practiceSessionSchema,
  reviewPaths,
  type PracticeCompletionRequest,
} from '@parlo/core/review/review-contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET the practice session; `speaking: false` leaves 'say this text' out (no recogniser, 'cannot talk'). */
export const practiceQuery = (speaking: boolean) =>
  queryOptions({
    queryKey: ['review', 'practice', speaking],
    queryFn: ({ signal }) =>
      apiRequest(`${reviewPaths.practice}?speaking=${String(speaking)}`, {
        schema: practiceSessionSchema,
        signal,
      }),
    // A session is played once; coming back builds a new one from the memory as it is then.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });

/** POST the answers of a practice session (idempotent per key): the server re-checks them. */
export function completePractice(body: PracticeCompletionRequest) {
  return apiRequest(reviewPaths.practiceComplete, {
    method: 'POST',
    body,
    schema: practiceOutcomeSchema,
  });
}
