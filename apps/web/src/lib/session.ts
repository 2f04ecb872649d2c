import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, isApiError } from './api-client.ts';

// Only the fields the web app reads are checked; the rest passes through for later features.
const statisticsSchema = z
  .object({
    points: z.number(),
    words: z.number(),
    days: z.number(),
    daysContinuous: z.number(),
    rightAnswers: z.number(),
    errorCount: z.number(),
    weekActivity: z.array(z.boolean()),
  })
  .loose();

// Defaults are the server's own, so an older cached user still reads sensibly.
const settingsSchema = z
  .object({
    id: z.number(),
    uiLanguage: z.string(),
    microphone: z.boolean().default(true),
    voiceGuidance: z.boolean().default(true),
    soundEffects: z.boolean().default(true),
    motivationNotification: z.boolean().default(true),
    /** Seven booleans, Monday first. */
    notificationDays: z.array(z.boolean()).default([true, true, true, true, true, true, true]),
    /** Minutes since midnight (SPEC §3), shown as HH:MM. */
    notificationTime: z.number().default(19 * 60),
  })
  .loose();

const progressEntrySchema = z
  .object({ packageId: z.number(), languageId: z.number(), programId: z.number(), selected: z.boolean() })
  .loose();

export const userSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    age: z.number().nullish(),
    email: z.string(),
    avatar: z.string().nullable(),
    /** Set while a subscription gives access (SPEC §4 premium). */
    subscriptionId: z.string().nullish(),
    learnedPackageId: z.number().nullable(),
    spokenLanguageId: z.number().nullable(),
    statistics: statisticsSchema,
    settings: settingsSchema,
    learningProgress: z.object({ selected: z.array(progressEntrySchema) }).loose(),
  })
  .loose();

export type SessionUser = z.infer<typeof userSchema>;

export const sessionQueryKey = ['session'] as const;

/** GET /api/users/me: the user when signed in, null for a guest (401). Other failures stay errors. */
async function fetchSessionUser(signal: AbortSignal): Promise<SessionUser | null> {
  try {
    return await apiRequest('/api/users/me', { schema: userSchema, signal });
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

/**
 * The SPA cannot read the httpOnly session cookie, so "am I signed in?" is this query. Login and register
 * put the returned user here; logout puts null.
 */
export function useSession() {
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => fetchSessionUser(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function setSessionUser(queryClient: QueryClient, user: SessionUser | null): void {
  queryClient.setQueryData(sessionQueryKey, user);
}

export type SessionSettings = SessionUser['settings'];

/** The settings a learner changes from the web app (SPEC §3 Settings). */
export type SettingsChange = Partial<
  Pick<
    SessionSettings,
    | 'uiLanguage'
    | 'microphone'
    | 'voiceGuidance'
    | 'soundEffects'
    | 'motivationNotification'
    | 'notificationDays'
    | 'notificationTime'
  >
>;

/** POST /api/settings/{id}/replace; on success the cached user carries the stored settings. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ settingsId, change }: { settingsId: number; change: SettingsChange }) =>
      apiRequest(`/api/settings/${settingsId}/replace`, {
        method: 'POST',
        body: { ...change, timestamp: Math.floor(Date.now() / 1000) },
        schema: settingsSchema,
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
  };
}
