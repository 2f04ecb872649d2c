import {
  completePractice as completePracticeCall,
  practice,
  type PracticeCompletionRequest,
} from '@parlo/contract/review';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** GET the practice session; `speaking: false` leaves 'say this text' out (no recogniser, 'cannot talk'). */
export const practiceQuery = (speaking: boolean) =>
  queryOptions({
    queryKey: ['review', 'practice', speaking],
    queryFn: ({ signal }) =>
      callApi(practice, { query: { speaking: String(speaking) as 'true' | 'false' }, signal }),
    // A session is played once; coming back builds a new one from the memory as it is then.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });

/** POST the answers of a practice session (idempotent per key): the server re-checks them. */
export function completePractice(body: PracticeCompletionRequest) {
  return callApi(completePracticeCall, { body });
}
