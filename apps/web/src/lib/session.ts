import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { PublicUser, SettingsChange as SettingsFields } from '@parlo/contract/accounts';
import { sessionRoute } from '@parlo/contract/routes';
import { callApi, callLazily } from './api-client.ts';

// The accounts contract (and zod with it) is imported on demand: the session query runs on every first
// visit, and a guest's answer needs no schema (ADR 028).
const accountsContract = () => import('@parlo/contract/accounts');

export type SessionUser = PublicUser;

export const sessionQueryKey = ['session'] as const;

/** A guest's answer, `{"user":null}`: nothing in it needs the schema. */
function isGuestAnswer(body: unknown): body is { user: null } {
  return typeof body === 'object' && body !== null && (body as { user?: unknown }).user === null;
}

/**
 * GET /api/users/session: the user when signed in, null for a guest. A guest's answer is a 200, not a
 * 401, so no guest page logs an error (issue 29). Failures stay errors.
 */
async function fetchSessionUser(signal: AbortSignal): Promise<SessionUser | null> {
  const answer = await callLazily(sessionRoute, async () => (await accountsContract()).session, {
    signal,
    readWithoutSchema: isGuestAnswer,
  });
  return answer.user;
}

/**
 * The SPA cannot read the httpOnly session cookie, so "am I signed in?" is this query. Login and register
 * put the returned user here; logout puts null.
 */
export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => fetchSessionUser(signal),
  staleTime: 5 * 60_000,
  retry: false,
});

/**
 * The session on a screen only a learner opens (the dashboard's loader): the answer will most likely be a
 * learner's, which is parsed, so the schema downloads during the request instead of after its answer.
 */
export function ensureLearnerSession(queryClient: QueryClient): Promise<SessionUser | null> {
  accountsContract().catch(() => undefined);
  return queryClient.ensureQueryData(sessionQueryOptions);
}

export function useSession() {
  return useQuery(sessionQueryOptions);
}

export function setSessionUser(queryClient: QueryClient, user: SessionUser | null): void {
  queryClient.setQueryData(sessionQueryKey, user);
}

export type SessionSettings = SessionUser['settings'];

/** The settings a learner changes from the web app (SPEC §3 Settings). */
export type SettingsChange = Pick<
  SettingsFields,
  | 'uiLanguage'
  | 'microphone'
  | 'voiceGuidance'
  | 'soundEffects'
  | 'voice'
  | 'motivationNotification'
  | 'notificationDays'
  | 'notificationTime'
  | 'timeZone'
  | 'emailReminders'
>;

/** POST /api/settings/{id}/replace; on success the cached user carries the stored settings. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ settingsId, change }: { settingsId: number; change: SettingsChange }) =>
      callApi((await accountsContract()).replaceSettings, {
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

/**
 * The learner's sound and speaking switches (SPEC §3 settings), read where they act so a change made in
 * the settings panel applies to the next screen. A guest (or a secret preview) has them all on.
 */
export function useLearnerSwitches() {
  const settings = useSession().data?.settings;
  return {
    microphone: settings?.microphone ?? true,
    voiceGuidance: settings?.voiceGuidance ?? true,
    soundEffects: settings?.soundEffects ?? true,
    /** Phrases in the device's voice when it has a good one, or always in Parlo's recordings (issue 31). */
    voice: settings?.voice ?? 'device',
  };
}
