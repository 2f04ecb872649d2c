import { learnedWordsSchema, reviewPaths } from '@parlo/core/review/review-contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Every learned word of the current course with its strength and next review (the words panel). */
export const wordsQuery = () =>
  queryOptions({
    queryKey: ['review', 'words'],
    queryFn: ({ signal }) => apiRequest(reviewPaths.words, { schema: learnedWordsSchema, signal }),
  });
