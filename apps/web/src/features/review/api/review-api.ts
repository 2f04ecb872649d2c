import { words } from '@parlo/contract/review';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** Every learned word of the current course with its strength and next review (the words panel). */
export const wordsQuery = () =>
  queryOptions({
    queryKey: ['review', 'words'],
    queryFn: ({ signal }) => callApi(words, { signal }),
  });
