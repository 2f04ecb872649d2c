import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/**
 * GET /api/get-config: the store listings configured on the server (APP_STORE_URL, PLAY_STORE_URL).
 * `enabled` false until the badges near the screen: the landing's first visit then loads neither the
 * request nor the catalogue contract and zod it needs (ADR 028).
 */
export function useStoreLinks(enabled = true) {
  return useQuery({
    queryKey: ['config'],
    queryFn: async ({ signal }) => callApi((await import('@parlo/contract/catalogue')).config, { signal }),
    enabled,
    staleTime: Infinity,
  });
}
