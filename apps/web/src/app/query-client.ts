import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-client.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Issue 17: the service worker answers reads from its caches offline, and a lesson finished offline
      // goes to the completion queue, so requests always run; TanStack's own offline pause would leave
      // the player spinning instead.
      queries: {
        networkMode: 'offlineFirst',
        // A 4xx will answer the same way again; only outages are worth one more try.
        retry: (failureCount, error) =>
          failureCount < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false, networkMode: 'offlineFirst' },
    },
  });
}
