import { config } from '@parlo/contract/catalogue';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** GET /api/get-config: the store listings configured on the server (APP_STORE_URL, PLAY_STORE_URL). */
export function useStoreLinks() {
  return useQuery({
    queryKey: ['config'],
    queryFn: ({ signal }) => callApi(config, { signal }),
    staleTime: Infinity,
  });
}
