import { useMutation, useQueryClient } from '@tanstack/react-query';
import { replaceSettings, type SettingsChange } from '@parlo/contract/accounts';
import { callApi } from '../../../lib/api-client.ts';
import { sessionQueryKey, type SessionUser } from '../../../lib/session.ts';

/** POST /api/settings/{id}/replace, then the cached user carries the new settings. */
export function useReplaceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      settingsId,
      change,
    }: {
      settingsId: number;
      change: Pick<SettingsChange, 'uiLanguage'>;
    }) =>
      callApi(replaceSettings, {
        params: { id: settingsId },
        body: { ...change, timestamp: Math.floor(Date.now() / 1000) },
      }),
    onSuccess: (settings) => {
      queryClient.setQueryData<SessionUser | null>(sessionQueryKey, (user) =>
        user ? { ...user, settings: { ...user.settings, ...settings } } : user,
      );
    },
  });
}
