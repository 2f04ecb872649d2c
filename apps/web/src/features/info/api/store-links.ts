import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

// Only the store links are read here; the server's Config also carries the free-lesson amount.
const storeLinksSchema = z
  .object({ appStoreUrl: z.url().nullable(), playStoreUrl: z.url().nullable() })
  .loose();

/** GET /api/get-config: the store listings configured on the server (APP_STORE_URL, PLAY_STORE_URL). */
export function useStoreLinks() {
  return useQuery({
    queryKey: ['config'],
    queryFn: ({ signal }) => apiRequest('/api/get-config', { schema: storeLinksSchema, signal }),
    staleTime: Infinity,
  });
}
