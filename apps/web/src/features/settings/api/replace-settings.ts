import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionQueryKey, type SessionUser } from '../../../lib/session.ts';

const settingsResponseSchema = z.object({ id: z.number(), uiLanguage: z.string() }).loose();

export interface SettingsChange {
  uiLanguage?: string;
}

/** POST /api/settings/{id}/replace, then the cached user carries the new settings. */
export function useReplaceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ settingsId, change }: { settingsId: number; change: SettingsChange }) =>
      apiRequest(`/api/settings/${settingsId}/replace`, {
        method: 'POST',
        body: { ...change, timestamp: Math.floor(Date.now() / 1000) },
        schema: settingsResponseSchema,
      }),
    onSuccess: (settings) => {
      queryClient.setQueryData<SessionUser | null>(sessionQueryKey, (user) =>
        user ? { ...user, settings: { ...user.settings, ...settings } } : user,
      );
    },
  });
}
